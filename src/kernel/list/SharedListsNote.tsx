import { useTranslation } from 'react-i18next';
import { Classes } from '@blueprintjs/core';
import { useActiveOrg } from '../core/active-org';

/**
 * Whether the saved lists on screen (keyword lists, interest lists) are the active team's and read-only
 * for this member: a team's viewer reads them but does not change them (docs/TEAMS.md "What a team shares").
 */
export function useSharedListsReadOnly(): boolean {
  return useActiveOrg()?.role === 'viewer';
}

/** A line above an area's saved lists in a team: whose they are, and for a viewer that they only read them. */
export function SharedListsNote() {
  const { t } = useTranslation();
  const team = useActiveOrg();
  if (!team) return null;
  const words = { team: team.name, interpolation: { escapeValue: false } };
  return (
    <p className={Classes.TEXT_MUTED} data-testid="shared-lists-note">
      {team.role === 'viewer' ? t('library.viewerLists', words) : t('library.teamLists', words)}
    </p>
  );
}
