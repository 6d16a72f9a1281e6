import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  Alert, Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, H4, HTMLSelect, HTMLTable, InputGroup, Spinner,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  API, TeamNameForm, apiGet, apiPost, emailProblem, setActiveOrg, useActiveOrg, useApi,
  type ActiveOrg, type OrgInviteView, type OrgMemberView, type OrgRole,
} from '@kernel';
import { NoTeam, assignableRoles, mayManage, reasonOf, runsTeam, useIsMe, useRoleWord, useTimeText } from './shared';
import { reloadPage } from './page-reload';
import './team.css';

/** The team the page works in: its name, members and invitations; or, on one's own, a way to create one. */
export default function MembersScreen() {
  const org = useActiveOrg();
  const { t } = useTranslation('team');
  return (
    <div className="tessera-team-screen" data-testid="team-members">
      <h2 className="bp6-heading">{t('members.heading')}</h2>
      {org ? <TeamMembers key={org.id} org={org} /> : <CreateTeam />}
    </div>
  );
}

function CreateTeam() {
  const { t } = useTranslation('team');
  const api = useApi();
  const create = async (name: string) => {
    const org = await apiPost(api, API.org.create, { name });
    setActiveOrg({ id: org.id, name: org.name, role: org.role });
    reloadPage();
    // the page reloads: the button stays busy until it does
    await new Promise<never>(() => undefined);
  };
  return (
    <div data-team-create>
      <NoTeam />
      <TeamNameForm className="tessera-team-form" header={<H4>{t('members.createHeading')}</H4>} inputId="team-create-name" onSubmit={create}
        failure={(reason) => t('members.createFailed', { reason })} submitText={t('members.create')} testIds={{ submit: 'team-create' }} />
    </div>
  );
}

function TeamMembers({ org }: { org: ActiveOrg }) {
  const { t } = useTranslation('team');
  const api = useApi();
  const isMe = useIsMe();
  const roleWord = useRoleWord();
  const timeText = useTimeText();
  const admin = runsTeam(org.role);
  const [members, setMembers] = useState<OrgMemberView[] | null>(null);
  const [invites, setInvites] = useState<OrgInviteView[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<OrgMemberView | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [inviting, setInviting] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const [list, pending] = await Promise.all([apiGet(api, API.org.members), admin ? apiGet(api, API.org.invites) : Promise.resolve([])]);
      setMembers(list);
      setInvites(pending);
    } catch (e) {
      setLoadError(reasonOf(e));
    }
  }, [api, admin]);
  useEffect(() => { void load(); }, [load]);

  const act = async (work: () => Promise<void>) => {
    setProblem(null);
    try { await work(); } catch (e) { setProblem(reasonOf(e)); }
  };
  const setRole = (member: OrgMemberView, role: OrgRole) => act(async () => {
    const next = await apiPost(api, API.org.setRole, { userId: member.userId, role });
    setMembers((list) => list?.map((m) => (m.userId === member.userId ? next : m)) ?? null);
  });
  const remove = (member: OrgMemberView) => act(async () => {
    await apiPost(api, API.org.removeMember, { userId: member.userId });
    setMembers((list) => list?.filter((m) => m.userId !== member.userId) ?? null);
  });
  const revoke = (invite: OrgInviteView) => act(async () => {
    await apiPost(api, API.org.revokeInvite, { id: invite.id });
    setInvites((list) => list.filter((i) => i.id !== invite.id));
  });
  const leave = () => act(async () => {
    await apiPost(api, API.org.leave, {});
    setActiveOrg(null);
    reloadPage();
  });

  return (
    <div data-team-members>
      <TeamName org={org} />
      {problem && <Callout intent="danger" className="tessera-team-callout" data-team-error>{t('members.refused', { reason: problem })}</Callout>}
      {loadError && (
        <Callout intent="warning" title={t('loadFailed')} className="tessera-team-callout">
          {loadError}{' '}<Button small text={t('retry')} onClick={() => void load()} />
        </Callout>
      )}
      {!members && !loadError && <Spinner size={24} />}
      {members && (
        <>
          <div className="tessera-team-toolbar">
            <H4>{t('members.membersHeading', { count: members.length })}</H4>
            {admin && <Button icon="add" intent="primary" text={t('invite.open')} onClick={() => setInviting(true)} data-testid="team-invite-open" />}
          </div>
          <HTMLTable compact striped className="tessera-team-table" data-team-member-table>
            <thead><tr><th>{t('members.colName')}</th><th>{t('members.colEmail')}</th><th>{t('members.colRole')}</th><th>{t('members.colJoined')}</th><th /></tr></thead>
            <tbody>
              {members.map((m) => {
                const self = isMe(m);
                const manage = !self && mayManage(org.role, m.role);
                return (
                  <tr key={m.userId} data-team-member={m.userId}>
                    <td>{m.name}{self && <span className="bp6-text-muted"> {t('members.you')}</span>}</td>
                    <td>{m.email}</td>
                    <td>
                      {manage ? (
                        <HTMLSelect value={m.role} aria-label={t('members.roleOf', { name: m.name || m.email })}
                          onChange={(e) => void setRole(m, e.target.value as OrgRole)}
                          options={assignableRoles(org.role).map((r) => ({ value: r, label: roleWord(r) }))} />
                      ) : roleWord(m.role)}
                    </td>
                    <td>{timeText(m.joinedAt)}</td>
                    <td>{manage && <Button small minimal intent="danger" icon="remove" text={t('members.remove')} onClick={() => setRemoving(m)} />}</td>
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
          {admin && (
            <section data-team-invites>
              <H4>{t('invite.pendingHeading')}</H4>
              {invites.length === 0 ? <p className="bp6-text-muted">{t('invite.none')}</p> : (
                <HTMLTable compact striped className="tessera-team-table">
                  <thead><tr><th>{t('members.colEmail')}</th><th>{t('members.colRole')}</th><th>{t('invite.colBy')}</th><th>{t('invite.colExpires')}</th><th /></tr></thead>
                  <tbody>
                    {invites.map((i) => (
                      <tr key={i.id} data-team-invite={i.id}>
                        <td>{i.email}</td><td>{roleWord(i.role)}</td><td>{i.invitedBy}</td><td>{timeText(i.expiresAt)}</td>
                        <td><Button small minimal icon="cross" text={t('invite.revoke')} onClick={() => void revoke(i)} /></td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </section>
          )}
        </>
      )}
      <div className="tessera-team-leave">
        <Button intent="danger" outlined icon="log-out" text={t('members.leave')} onClick={() => setLeaving(true)} data-testid="team-leave" />
      </div>
      <Alert isOpen={removing !== null} intent="danger" icon="warning-sign" confirmButtonText={t('members.removeConfirm')} cancelButtonText={t('cancel')}
        onCancel={() => setRemoving(null)} onConfirm={() => { const m = removing; setRemoving(null); if (m) void remove(m); }}>
        <p>{t('members.removeQuestion', { name: removing?.name || removing?.email, team: org.name })}</p>
      </Alert>
      <Alert isOpen={leaving} intent="danger" icon="warning-sign" confirmButtonText={t('members.leaveConfirm')} cancelButtonText={t('cancel')}
        onCancel={() => setLeaving(false)} onConfirm={() => { setLeaving(false); void leave(); }}>
        <p>{t('members.leaveQuestion', { team: org.name })}</p>
      </Alert>
      {inviting && <InviteDialog caller={org.role} onClose={() => setInviting(false)} onInvited={(i) => { setInvites((list) => [i, ...list]); setInviting(false); }} />}
    </div>
  );
}

function TeamName({ org }: { org: ActiveOrg }) {
  const { t } = useTranslation('team');
  const api = useApi();
  const [editing, setEditing] = useState(false);
  const rename = async (name: string) => {
    const next = await apiPost(api, API.org.rename, { name });
    setActiveOrg({ id: org.id, name: next.name, role: org.role });
    setEditing(false);
  };
  if (!editing) {
    return (
      <div className="tessera-team-name" data-team-name>
        <H4>{org.name}</H4>
        {runsTeam(org.role) && <Button small minimal icon="edit" text={t('members.rename')} onClick={() => setEditing(true)} data-testid="team-rename" />}
      </div>
    );
  }
  return (
    <TeamNameForm className="tessera-team-name" initial={org.name} inputId="team-rename-name" autoFocus onSubmit={rename}
      failure={(reason) => t('members.renameFailed', { reason })} submitText={t('save')} onCancel={() => setEditing(false)} cancelText={t('cancel')} />
  );
}

function InviteDialog({ caller, onClose, onInvited }: { caller: OrgRole; onClose: () => void; onInvited: (invite: OrgInviteView) => void }) {
  const { t } = useTranslation('team');
  const api = useApi();
  const roleWord = useRoleWord();
  const roles = assignableRoles(caller);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrgRole>(roles.includes('operator') ? 'operator' : roles[roles.length - 1]!);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = emailProblem(email);
    setEmailError(bad ? t(bad.endsWith('Required') ? 'invite.emailRequired' : 'invite.emailInvalid') : null);
    if (bad) return;
    setBusy(true);
    setProblem(null);
    try {
      onInvited(await apiPost(api, API.org.invite, { email: email.trim(), role }));
    } catch (err) {
      setProblem(reasonOf(err));
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('invite.title')} className="tessera-team-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <p className="bp6-text-muted">{t('invite.intro')}</p>
          <FormGroup label={t('invite.email')} labelFor="team-invite-email" intent={emailError ? 'danger' : 'none'} helperText={emailError ?? undefined}>
            <InputGroup id="team-invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} intent={emailError ? 'danger' : 'none'} />
          </FormGroup>
          <FormGroup label={t('invite.role')} labelFor="team-invite-role">
            <HTMLSelect id="team-invite-role" value={role} onChange={(e) => setRole(e.target.value as OrgRole)} options={roles.map((r) => ({ value: r, label: roleWord(r) }))} />
          </FormGroup>
          {problem && <Callout intent="danger" data-team-error>{t('invite.failed', { reason: problem })}</Callout>}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('cancel')} onClick={onClose} />
          <Button type="submit" intent="primary" text={t('invite.send')} loading={busy} data-testid="team-invite-send" />
        </>} />
      </form>
    </Dialog>
  );
}
