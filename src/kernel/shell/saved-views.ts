import type { ApiClient } from '../api/client';
import { API, apiGet, apiPost } from '../api/endpoints';
import type { SavedViewsApi } from '../table/list-address-scope';

/** The signed-in user's saved views on the server (`/api/views`, server/README.md). */
export function savedViewsApi(api: Pick<ApiClient, 'get' | 'post'>): SavedViewsApi {
  return {
    list: (list) => apiGet(api, API.views.list, { query: { list } }),
    save: (list, name, state) => apiPost(api, API.views.save, { list, name, state }),
    remove: async (list, name) => {
      await apiPost(api, API.views.remove, { list, name });
    },
  };
}
