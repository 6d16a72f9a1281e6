import { useEffect, useRef, useState } from 'react';
import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { API, apiPost, setActiveOrg, useApi } from '@kernel';
import { reasonOf } from './shared';
import './team.css';

/**
 * The invitation's link (`/team/join?token=…`, docs/TEAMS.md, "Roles"): accepted by the signed-in user it
 * was sent to; the page then works in the team. A bad, expired or someone else's invitation shows the
 * server's words and a way back.
 */
export default function JoinScreen() {
  const { t } = useTranslation('team');
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [problem, setProblem] = useState<string | null>(token ? null : t('join.noToken'));
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // the token is good once: React's double effects in development must not send it twice
    if (!token || sent.current === token) return;
    sent.current = token;
    void (async () => {
      try {
        const org = await apiPost(api, API.org.acceptInvite, { token });
        setActiveOrg({ id: org.id, name: org.name, role: org.role });
        navigate('/team/members', { replace: true });
      } catch (e) {
        setProblem(reasonOf(e));
      }
    })();
  }, [api, navigate, token]);

  return (
    <div className="tessera-team-screen" data-testid="team-join">
      <h2 className="bp6-heading">{t('join.heading')}</h2>
      {problem ? (
        <Callout intent="warning" title={t('join.failed')} data-team-join-failed>
          <p>{problem}</p>
          <p>{t('join.failedHelp')}</p>
          <Button text={t('join.back')} icon="arrow-left" onClick={() => navigate('/team/members')} />
        </Callout>
      ) : (
        <NonIdealState icon={<Spinner size={32} />} title={t('join.accepting')} />
      )}
    </div>
  );
}
