import { useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { activeOrg, onOrgRemoval, subscribeActiveOrg, useActiveOrg, type OrgRemoval } from '../core/active-org';
import { useRunner } from '../runner/RunnerHost';
import { lazyPopover } from './lazy-popover';

/*
 * The team switcher (docs/TEAMS.md, "Scope"). The first screen holds only the button with the active
 * team's name, read from storage (src/kernel/core/active-org.ts): no request, and the few lines that
 * listen for a change. The menu (teams, invitations, "Create a team…", src/kernel/shell/TeamMenu.tsx) and
 * what follows a change (src/kernel/shell/team-follow.ts) are one chunk, loaded on the button's first
 * press or when a change happens (docs/DECISIONS.md, "The dashboard loads what it shows").
 */

const load = () => import('./TeamMenu');
/** The popover part (src/kernel/shell/lazy-popover.tsx). */
const TeamMenuPopover = lazyPopover<object>(async () => (await load()).TeamMenuPopover, 'team menu');

/** The session's key for what to say once the page has reloaded into another team (src/kernel/shell/team-follow.ts). */
export const TEAM_NOTICE_KEY = 'tessera-team-notice';

/** The navbar's button: the team requests act in, or the operator's own work (the whole name in its title when cut). */
export function TeamSwitcher() {
  const { t } = useTranslation();
  const name = useActiveOrg()?.name ?? t('navbar.ownWork');
  return <TeamMenuPopover target={<Button variant="minimal" icon="people" endIcon="caret-down" text={name} title={name} className="tessera-team-switcher" data-testid="team-switcher" />} />;
}
TeamSwitcher.displayName = 'TeamSwitcher';

/**
 * Follows the team for the signed-in page (mounted once, by the layout, whether the navbar shows or
 * not): another tab's switch, or the server saying the operator is no longer a member, reloads the
 * page's data unless this browser runs a job; after such a reload, it says why.
 */
export function TeamFollower() {
  const runner = useRunner();
  const { i18n } = useTranslation();
  // the team this page's data was read in (its identity names this page's follower)
  const [page] = useState(() => ({ org: activeOrg()?.id ?? null }));
  useEffect(() => {
    const follow = (removal?: OrgRemoval) => void load().then((m) => m.follow(page, runner, i18n, removal));
    if (sessionStorage.getItem(TEAM_NOTICE_KEY)) follow();
    const off = [subscribeActiveOrg(follow), onOrgRemoval(follow)];
    return () => off.forEach((stop) => stop());
  }, [page, runner, i18n]);
  return null;
}
TeamFollower.displayName = 'TeamFollower';
