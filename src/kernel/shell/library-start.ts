/**
 * The leader tab keeps the store's library tables (named workspaces, keyword and interest lists) in step
 * with the server's library, the user's own or the active team's (src/kernel/library/library-sync.ts,
 * docs/TEAMS.md "What a team shares"). Its code loads when the tab leads, not with the first screen.
 */
import type { WhileLeading } from '../runner/RunnerHost';
import { API } from '../../../protocol/api';
import { activeOrg } from '../core/active-org';
import { ApiError } from '../api/client';
import { showToast } from '../core/toaster';
import { loadAllStrings } from '../i18n';

export const leadLibrarySync: WhileLeading = (_runner, kernel) => {
  let stop: (() => void) | null = null;
  let gone = false;
  Promise.all([import('../library/library-sync'), import('../workspace/saved-workspaces')]).then(([{ startLibrarySync }, { moveLegacyWorkspaces }]) => {
    if (gone) return;
    const { api, store, i18n } = kernel();
    const org = activeOrg();
    const sync = startLibrarySync({
      store,
      scope: org ? `org:${org.id}` : 'own',
      api: {
        list: (kind) => api.get(API.library.list.path, { query: { kind } }),
        save: (kind, id, body) => api.post(API.library.save.path, { kind, id, body }),
        remove: (kind, id) => api.post(API.library.remove.path, { kind, id }),
        import: (kind, items) => api.post(API.library.import.path, { kind, items }),
      },
      // a member removed from the team is told by the API client (40302), which leaves the team
      isRefusal: (error) => error instanceof ApiError && error.kind === 'business' && error.code !== 40302,
      // worded once every string is loaded (the first screen's part does not hold these)
      onRefused: (kind, id, reason) => {
        void loadAllStrings(i18n).catch(() => undefined).then(() => showToast(
          i18n.t('library.refused', { what: i18n.t(`library.kind.${kind}`), name: id, reason, interpolation: { escapeValue: false } }), 'warning'));
      },
      legacy: () => { moveLegacyWorkspaces(store); },
    });
    stop = sync.stop;
  }, (e) => console.warn('[tessera] the library could not load', e));
  return () => { gone = true; stop?.(); };
};
