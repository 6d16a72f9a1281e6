/**
 * The library's sync as the leader tab runs it (src/kernel/shell/library-start.ts starts it a few seconds
 * after the tab leads): the server's endpoints, and a refused change told in the operator's words.
 */
import type { i18n as I18n } from 'i18next';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/client';
import type { KernelStore } from '../store/store';
import { showToast } from '../core/toaster';
import { API } from '../../../protocol/api';
import { startLibrarySync } from '../library/library-sync';

export interface LibraryRun {
  api: ApiClient;
  store: KernelStore;
  i18n: I18n;
  /** every string loaded (src/kernel/i18n: loadAllStrings), handed in by the first screen's code, which has it */
  allStrings: (i18n: I18n) => Promise<unknown>;
  scope: string;
  legacy?: () => void;
}

export function runLibrarySync({ api, store, i18n, allStrings, scope, legacy }: LibraryRun): () => void {
  return startLibrarySync({
    store,
    scope,
    legacy,
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
      void allStrings(i18n).catch(() => undefined).then(() => showToast(
        i18n.t('library.refused', { what: i18n.t(`library.kind.${kind}`), name: id, reason, interpolation: { escapeValue: false } }), 'warning'));
    },
  }).stop;
}
