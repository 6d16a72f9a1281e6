import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useActiveOrg } from '@kernel';

/**
 * Whose rules and channels the screen shows (docs/TEAMS.md, "Watch rules and channels"): in a team, the
 * team's (the requests name it: protocol/api/org.ts, `actsInTeam`), which only its owners and admins may
 * change (the server refuses the others: 40303); else the operator's own.
 */
export function useWatchScope(): { team: { id: number; name: string } | null; readOnly: boolean } {
  const org = useActiveOrg();
  return { team: org ? { id: org.id, name: org.name } : null, readOnly: !!org && org.role !== 'owner' && org.role !== 'admin' };
}

/** In a team: that the rules and channels below are the team's, and why a member may only read them. */
export function TeamScopeNote() {
  const { t } = useTranslation('watch');
  const { team, readOnly } = useWatchScope();
  if (!team) return null;
  return (
    <Callout intent="primary" icon="people" className="tessera-watch-callout" data-watch-team={readOnly ? 'read-only' : 'edit'}>
      <div>{t('settings.team.shared', { team: team.name })}</div>
      {readOnly && <div data-watch-read-only>{t('settings.team.readOnly')}</div>}
    </Callout>
  );
}
