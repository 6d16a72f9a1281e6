import { useEffect, useState } from 'react';
import { Button, Callout, Classes, Dialog, Menu, MenuDivider, MenuItem, PopoverNext, Spinner, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../KernelProvider';
import { API, apiGet, apiPost } from '../api/endpoints';
import { useActiveOrg } from '../core/active-org';
import { noteMyInvites } from '../api/my-invites';
import { showToast } from '../core/toaster';
import { WithAllStrings } from '../i18n/AllStrings';
import { useRunner } from '../runner/RunnerHost';
import { ORG_NAME_MAX, type MyInviteView, type OrgView } from '../../../protocol/api/org';
import type { PopoverPartProps } from './lazy-popover';
import { switchTeam } from './team-follow';
import { TeamNameForm } from './TeamNameForm';

// what follows a change made elsewhere loads with the menu (src/kernel/shell/TeamSwitcher.tsx)
export { follow } from './team-follow';
// the team plugin's screens take the name's form from here (src/kernel/index.ts): one chunk for both
export { TeamNameForm };

/*
 * The team switcher's menu (src/kernel/shell/TeamSwitcher.tsx holds its button): the operator's own work,
 * their teams with their role, the invitations addressed to them, "Create a team…" and, in a team, a link
 * to its members (the team plugin's screens, /team/*). The lists are read each time the menu opens.
 * Loaded on the button's first press, with every string (the first screen has only its own part).
 */

/** Why an answer failed, as text (the product API's errors carry readable messages). */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function TeamMenuPopover({ target, defaultIsOpen }: PopoverPartProps) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PopoverNext placement="bottom-end" defaultIsOpen={defaultIsOpen} content={<WithAllStrings><TeamMenuContent onCreate={() => setCreating(true)} /></WithAllStrings>}>
        {target}
      </PopoverNext>
      <CreateTeamDialog isOpen={creating} onClose={() => setCreating(false)} />
    </>
  );
}
TeamMenuPopover.displayName = 'TeamMenuPopover';

function TeamMenuContent({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const runner = useRunner();
  const navigate = useNavigate();
  const active = useActiveOrg();
  const [orgs, setOrgs] = useState<OrgView[] | null>(null);
  const [invites, setInvites] = useState<MyInviteView[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [note, setNote] = useState<{ text: string; intent: Intent } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    setFailure(null);
    apiGet(api, API.org.list).then((list) => { if (live) setOrgs(list); }, (e: unknown) => { if (live) setFailure(reasonOf(e)); });
    // invitations are a bonus to the list: one that cannot be read leaves the teams usable
    apiGet(api, API.org.myInvites).then((list) => { noteMyInvites(list.length); if (live) setInvites(list); }, () => undefined);
    return () => { live = false; };
  }, [api, attempt]);

  const choose = (org: OrgView | null) => {
    if (!switchTeam(runner, org)) setNote({ text: t('teamSwitcher.refusedJobs'), intent: 'warning' });
  };
  const answer = async (invite: MyInviteView, accept: boolean) => {
    setBusy(invite.id);
    setNote(null);
    try {
      if (accept) {
        const org = await apiPost(api, API.org.acceptInvite, { id: invite.id });
        setOrgs((list) => (list && !list.some((o) => o.id === org.id) ? [...list, org] : list));
        setNote({ text: t('teamSwitcher.accepted', { name: org.name }), intent: 'success' });
      } else {
        await apiPost(api, API.org.declineInvite, { id: invite.id });
        setNote({ text: t('teamSwitcher.declined', { name: invite.org.name }), intent: 'none' });
      }
      const left = invites.filter((i) => i.id !== invite.id);
      setInvites(left);
      noteMyInvites(left.length);
    } catch (e) {
      setNote({ text: t(accept ? 'teamSwitcher.acceptFailed' : 'teamSwitcher.declineFailed', { reason: reasonOf(e) }), intent: 'danger' });
    } finally {
      setBusy(null);
    }
  };
  const roleWord = (role: string) => t(`teamSwitcher.roles.${role}`);

  return (
    <div className="tessera-team-menu" data-testid="team-menu">
      {note && <Callout compact intent={note.intent} className="tessera-team-note" data-testid="team-note">{note.text}</Callout>}
      <Menu aria-label={t('teamSwitcher.title')}>
        <MenuDivider title={t('teamSwitcher.title')} />
        <MenuItem icon={active ? 'blank' : 'tick'} text={t('navbar.ownWork')} label={t('teamSwitcher.ownWorkHint')} shouldDismissPopover={false}
          active={!active} onClick={() => choose(null)} data-testid="team-own" />
        {failure ? (
          <li className="tessera-team-row">
            <span className={Classes.INTENT_DANGER} data-testid="team-load-failed">{t('teamSwitcher.loadFailed', { reason: failure })}</span>
            <Button size="small" variant="minimal" icon="refresh" text={t('teamSwitcher.retry')} onClick={() => setAttempt((n) => n + 1)} />
          </li>
        ) : orgs === null ? (
          <li className={`tessera-team-row ${Classes.TEXT_MUTED}`}><Spinner size={16} /> {t('teamSwitcher.loading')}</li>
        ) : orgs.length === 0 ? (
          <li className={`tessera-team-row ${Classes.TEXT_MUTED}`} data-testid="team-none">{t('teamSwitcher.noTeams')}</li>
        ) : orgs.map((org) => (
          <MenuItem key={org.id} icon={org.id === active?.id ? 'tick' : 'people'} text={org.name} htmlTitle={org.name} label={roleWord(org.role)} shouldDismissPopover={false}
            active={org.id === active?.id} onClick={() => choose(org)} data-testid="team-org" data-org={org.id} />
        ))}
        {invites.length > 0 && (
          <>
            <MenuDivider title={t('teamSwitcher.invitations')} />
            {invites.map((invite) => (
              <li key={invite.id} className="tessera-team-row tessera-team-invite" data-testid="team-invite" data-invite={invite.id}>
                <span className="tessera-team-invite-text">
                  <strong>{invite.org.name}</strong>
                  <span className={Classes.TEXT_MUTED}>{t('teamSwitcher.invitedAs', { role: roleWord(invite.role), by: invite.invitedBy })}</span>
                </span>
                <Button size="small" intent="primary" text={t('teamSwitcher.accept')} loading={busy === invite.id} disabled={busy !== null} onClick={() => void answer(invite, true)} />
                <Button size="small" variant="minimal" text={t('teamSwitcher.decline')} disabled={busy !== null} onClick={() => void answer(invite, false)} />
              </li>
            ))}
          </>
        )}
        <MenuDivider />
        <MenuItem icon="add" text={t('teamSwitcher.create')} onClick={onCreate} data-testid="team-create" />
        {active && <MenuItem icon="cog" text={t('teamSwitcher.manage')} onClick={() => navigate('/team/members')} data-testid="team-manage" />}
      </Menu>
    </div>
  );
}

/** "Create a team…": its name, then the team is created with the operator as its owner and becomes the active one. */
function CreateTeamDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const runner = useRunner();
  const create = async (name: string) => {
    const org = await apiPost(api, API.org.create, { name });
    onClose();
    if (!switchTeam(runner, org)) void showToast(t('teamSwitcher.createdNotSwitched', { name: org.name }), 'warning', 0);
  };
  // the dialog's content is mounted only while it is open: each opening starts with an empty name
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('teamSwitcher.createTitle')} icon="people" className="tessera-team-dialog">
      <TeamNameForm layout="dialog" inputId="tessera-team-name" autoFocus onSubmit={create}
        failure={(reason) => t('teamSwitcher.createFailed', { reason })} help={t('teamSwitcher.nameHelp', { max: ORG_NAME_MAX })}
        submitText={t('teamSwitcher.createSubmit')} onCancel={onClose} cancelText={t('common.cancel')}
        testIds={{ input: 'team-name', submit: 'team-create-submit', failure: 'team-create-failed' }} />
    </Dialog>
  );
}
