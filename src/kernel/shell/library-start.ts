/**
 * The leader tab keeps the store's library tables (named workspaces, keyword and interest lists) in step
 * with the server's library, the user's own or the active team's (src/kernel/library/library-sync.ts,
 * docs/TEAMS.md "What a team shares"). Its code loads a few seconds after the tab leads, not with the
 * first screen (library-run.ts); rows of another scope (the operator switched team) leave the screen at once.
 * A row changed before the sync runs is sent then (library-sync.ts compares it with what was last in step).
 */
import type { WhileLeading } from '../runner/RunnerHost';
import { activeOrg } from '../core/active-org';
import { getItem } from '../storage';
import { loadAllStrings } from '../i18n';
import { LIBRARY_KINDS } from '../../../protocol/api';

/** How long after leading the leader starts the library's sync. */
export const LIBRARY_START_DELAY_MS = 3_000;

export const leadLibrarySync: WhileLeading = (_runner, kernel) => {
  let stop: (() => void) | null = null;
  let gone = false;
  const org = activeOrg();
  const scope = org ? `org:${org.id}` : 'own';
  const { store } = kernel();
  // the tables hold another scope's rows (imported already; the value is library-sync.ts's LIBRARY_SCOPE_VALUE):
  // they are not this one's, even for a few seconds
  const held = store.getValue('library-scope');
  if (held !== undefined && held !== scope) store.transaction(() => { for (const kind of LIBRARY_KINDS) store.delTable(kind); });
  // the named workspaces kept in local storage before the library: their code loads only for them
  const legacy = getItem('tessera-workspaces') !== undefined;
  const timer = setTimeout(() => Promise.all([
    import('./library-run'),
    legacy ? import('../workspace/saved-workspaces') : null,
  ]).then(([{ runLibrarySync }, workspaces]) => {
    if (gone) return;
    const { api, store: current, i18n } = kernel();
    stop = runLibrarySync({ api, store: current, i18n, allStrings: loadAllStrings, scope, legacy: workspaces ? () => { workspaces.moveLegacyWorkspaces(current); } : undefined });
  }, (e: unknown) => console.warn('[tessera] the library could not load', e)), LIBRARY_START_DELAY_MS);
  return () => { gone = true; clearTimeout(timer); stop?.(); };
};
