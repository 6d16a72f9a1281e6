import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { API, apiGet, apiPost, noteMyInvites, refreshMyInvites, setActiveOrg, useApi, type DataOf, type OrgView } from '@kernel';
import { reasonOf, useRoleWord, useTimeText } from './shared';
import './team.css';

/**
 * Invitations (docs/TEAMS.md, "Roles"). With the mail's link (`/team/join?token=…`) the invitation is
 * accepted by the signed-in user it was sent to, and the page then works in the team; a bad, expired or
 * someone else's invitation shows the server's words and a way back. Without a token: the invitations
 * addressed to the user, to accept or decline.
 */
export default function JoinScreen() {
  const { t } = useTranslation('team');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <div className="tessera-team-screen" data-testid="team-join">
      <h2 className="bp6-heading">{t('join.heading')}</h2>
      {token ? <AcceptToken token={token} /> : <MyInvites />}
    </div>
  );
}

/** Works in the team just joined and shows its members. */
function useJoined() {
  const navigate = useNavigate();
  const api = useApi();
  return useCallback((org: OrgView) => {
    setActiveOrg({ id: org.id, name: org.name, role: org.role });
    // the menu lists "Invitations" only while some are left (src/kernel/api/my-invites.ts)
    void refreshMyInvites(api);
    navigate('/team/members', { replace: true });
  }, [navigate, api]);
}

function AcceptToken({ token }: { token: string }) {
  const { t } = useTranslation('team');
  const api = useApi();
  const navigate = useNavigate();
  const joined = useJoined();
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // the token is good once: React's double effects in development must not send it twice
    if (sent.current === token) return;
    sent.current = token;
    apiPost(api, API.org.acceptInvite, { token }).then(joined, (e: unknown) => setProblem(reasonOf(e)));
  }, [api, joined, token]);

  if (!problem) return <NonIdealState icon={<Spinner size={32} />} title={t('join.accepting')} />;
  return (
    <Callout intent="warning" title={t('join.failed')} data-team-join-failed>
      <p>{problem}</p>
      <p>{t('join.failedHelp')}</p>
      <Button text={t('join.back')} icon="arrow-left" onClick={() => navigate('/team/members')} />
    </Callout>
  );
}

function MyInvites() {
  const { t } = useTranslation('team');
  const api = useApi();
  const joined = useJoined();
  const roleWord = useRoleWord();
  const timeText = useTimeText();
  const [invites, setInvites] = useState<DataOf<typeof API.org.myInvites> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const list = await apiGet(api, API.org.myInvites);
      setInvites(list);
      noteMyInvites(list.length);
    } catch (e) { setLoadError(reasonOf(e)); }
  }, [api]);
  useEffect(() => { void load(); }, [load]);

  const act = async (work: () => Promise<void>) => {
    setProblem(null);
    try { await work(); } catch (e) { setProblem(t('join.actionFailed', { reason: reasonOf(e) })); }
  };

  if (loadError) {
    return (
      <Callout intent="warning" title={t('loadFailed')} className="tessera-team-callout">
        {loadError}{' '}<Button small text={t('retry')} onClick={() => void load()} />
      </Callout>
    );
  }
  if (!invites) return <Spinner size={24} />;
  return (
    <div data-team-my-invites>
      <p className="bp6-text-muted">{t(invites.length ? 'join.mine' : 'join.none')}</p>
      {problem && <Callout intent="danger" className="tessera-team-callout" data-team-error>{problem}</Callout>}
      {invites.length > 0 && (
        <HTMLTable compact striped className="tessera-team-table">
          <thead><tr><th>{t('join.colTeam')}</th><th>{t('join.colRole')}</th><th>{t('join.colBy')}</th><th>{t('join.colExpires')}</th><th /></tr></thead>
          <tbody>
            {invites.map((i) => (
              <tr key={i.id} data-team-my-invite={i.id}>
                <td>{i.org.name}</td><td>{roleWord(i.role)}</td><td>{i.invitedBy}</td><td>{timeText(i.expiresAt)}</td>
                <td>
                  <Button small intent="primary" text={t('join.accept')} onClick={() => void act(async () => joined(await apiPost(api, API.org.acceptInvite, { id: i.id })))} />{' '}
                  <Button small minimal text={t('join.decline')} onClick={() => void act(async () => {
                    await apiPost(api, API.org.declineInvite, { id: i.id });
                    const left = invites.filter((x) => x.id !== i.id);
                    setInvites(left);
                    noteMyInvites(left.length);
                  })} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
