import { useEffect, useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { activeOrg, onOrgRemoval, subscribeActiveOrg, useActiveOrg } from '../api/active-org';
import { useRunner } from '../runner/RunnerHost';
import { lazyPopover } from './lazy-popover';

/*
 * The team switcher (docs/TEAMS.md, "Scope"). The first screen holds only the button with the active
 * team's name, read from storage (src/kernel/api/active-org.ts): no request. The menu (teams, invitations,
 * "Create a team…") loads on the button's first press (src/kernel/shell/TeamMenu.tsx), and what follows a
 * change made elsewhere (src/kernel/shell/team-follow.ts) loads when one happens.
 */

/** The popover part (src/kernel/shell/lazy-popover.tsx). */
const TeamMenuPopover = lazyPopover<object>(async () => (await import('./TeamMenu')).TeamMenuPopover, 'team menu');

/** The session's key for what to say once the page has reloaded into another team (src/kernel/shell/team-follow.ts). */
export const TEAM_NOTICE_KEY = 'tessera-team-notice';

/** The navbar's button: the team requests act in, or the operator's own work. */
export function TeamSwitcher() {
  const { t } = useTranslation();
  const org = useActiveOrg();
  const name = org?.name ?? t('navbar.ownWork');
  return (
    <TeamMenuPopover target={
      <Button variant="minimal" icon={org ? 'people' : 'person'} endIcon="caret-down" text={name} title={t('navbar.teamTitle', { name })}
        className="tessera-team-switcher" data-testid="team-switcher" data-org={org?.id ?? ''} />
    } />
  );
}
TeamSwitcher.displayName = 'TeamSwitcher';

/**
 * Follows the team in every tab of the signed-in page (mounted once, by the layout): another tab's
 * switch, or the server saying the operator is no longer a member, reloads the page's data, unless
 * this browser runs a job; after a reload, it says why.
 */
export function TeamFollower() {
  const runner = useRunner();
  const { i18n } = useTranslation();
  const jobs = useRef(runner);
  jobs.current = runner;
  // the team this page's data was read in
  const [pageOrg] = useState(() => activeOrg()?.id ?? null);
  useEffect(() => {
    let follower: ReturnType<typeof load> | null = null;
    const load = () => import('./team-follow').then((m) => m.createFollower(pageOrg, () => jobs.current, i18n));
    const follow = () => (follower ??= load());
    if (sessionStorage.getItem(TEAM_NOTICE_KEY)) void follow().then((f) => f.showNotice());
    const offOrg = subscribeActiveOrg(() => void follow().then((f) => f.changed()));
    const offRemoval = onOrgRemoval((removal) => void follow().then((f) => f.removed(removal)));
    return () => {
      offOrg();
      offRemoval();
      void follower?.then((f) => f.dispose());
    };
  }, [pageOrg, i18n]);
  return null;
}
TeamFollower.displayName = 'TeamFollower';
