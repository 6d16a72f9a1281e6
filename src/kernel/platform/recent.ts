import type { ApiClient } from '../api/client';
import { getItem } from '../storage';
import { API, apiPost } from '../api/endpoints';

/**
 * Records an item the operator opened as one of their recent items (docs/SPEC.md, "Recent-item
 * record"; the dashboard's RecentItems reads them back): `POST /api/pay/addRecord` with the area's
 * fields (record_id and record_name first) and the session's profile. Best effort: a failure is
 * logged, never shown (the operator opened a row; nothing they asked for failed).
 */
export function recordRecent(api: Pick<ApiClient, 'post'>, moduleId: string, fields: { record_id: string; record_name: string } & Record<string, unknown>): void {
  apiPost(api, API.records.addRecord, {
    module_id: moduleId,
    data: { ...fields, module_id: moduleId, fbid: getItem('fbid') ?? '', fbname: getItem('fbname') ?? '' },
  }).catch((e) => console.warn(`[${moduleId}] recent item not recorded`, e));
}
