import type { ApiClient } from '../api/client';
import { API, apiGet, apiPost } from '../api/endpoints';
import type { PageSizes } from '../../../protocol/api';
import { getItem, setItem, type StorageKey } from '../storage';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** Server config key → browser storage key, for the page, ad-account, pixel and BM lists. */
export const PAGE_SIZE_KEYS = {
  page_plen: 'page_per_page',
  acc_plen: 'acc_per_page',
  pixel_plen: 'pixel_per_page',
  bm_plen: 'bm_per_page',
} as const satisfies Record<string, StorageKey>;

export type PageSizeConfig = PageSizes;

export function isPageSize(value: unknown): value is PageSize {
  return typeof value === 'number' && (PAGE_SIZES as readonly number[]).includes(value);
}

/** Takes the sizes from the server's config; a value other than 10, 20, 50 or 100 is ignored. */
export function applyPageSizes(config: Partial<Record<string, unknown>>): string[] {
  const applied: string[] = [];
  for (const [serverKey, storageKey] of Object.entries(PAGE_SIZE_KEYS)) {
    const value = config[serverKey];
    if (isPageSize(value)) {
      setItem(storageKey, value);
      applied.push(serverKey);
    }
  }
  return applied;
}

export async function syncPageSizes(api: ApiClient): Promise<void> {
  try {
    applyPageSizes(await apiGet(api, API.user.config, { query: { key: 'page_size' } }));
  } catch (e) {
    console.warn('[tessera] page sizes not synced', e);
  }
}

export function currentPageSizes(): PageSizeConfig {
  const read = (k: StorageKey) => { const v = getItem(k); return isPageSize(v) ? v : 20; };
  return { page_plen: read('page_per_page'), acc_plen: read('acc_per_page'), pixel_plen: read('pixel_per_page'), bm_plen: read('bm_per_page') };
}

export async function savePageSizes(api: ApiClient, config: Partial<PageSizeConfig>): Promise<void> {
  await apiPost(api, API.user.setConfig, config);
  applyPageSizes(config);
}
