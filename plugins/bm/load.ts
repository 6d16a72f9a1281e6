import { followNextLinks, loaderError, ReplyChanged, runBatch, sleep as defaultSleep, type Bridge, type Sleep } from '@kernel';
import { businessType, checkBusinesses, restrictionOf } from './api';
import type { Business } from './types';

/** me/businesses: the spec's fields (docs/SPEC.md, Business), with ad-account and user counts as summaries. */
export const BUSINESS_FIELDS = [
  'id', 'name', 'created_by{id,name}', 'created_time', 'is_disabled_for_integrity_reasons', 'can_use_extended_credit', 'verification_status',
  'sharing_eligibility_status', 'permitted_roles', 'allow_page_management_in_www', 'can_add_or_create_page',
  'owned_ad_accounts.limit(1).summary(true){id}', 'client_ad_accounts.limit(1).summary(true){id}',
  'partner_relationships{id,name,relationship}', 'business_users.limit(1).summary(true){id}',
].join(',');
/** 50 businesses a page, 500 ms between pages, 200 ms after each business (docs/SPEC.md section 16). */
export const PAGE_SIZE = 50;
export const PAGE_WAIT_MS = 500;
export const ITEM_WAIT_MS = 200;

/** Where the two filled fields are kept between loads (the view's 12-hour caches); none: always asked. */
export interface BusinessFieldCache {
  bmtype(id: string, read: () => Promise<string>): Promise<string>;
  isRestricted(id: string, read: () => Promise<'true' | 'false'>): Promise<'true' | 'false'>;
}

export interface LoadOptions {
  signal?: AbortSignal;
  sleep?: Sleep;
  cache?: BusinessFieldCache;
  onRows?: (rows: Business[]) => void;
  onProgress?: (p: { page: number; rows: number; done: number; total: number }) => void;
}

/**
 * Every business of the session user: me/businesses 50 a page by cursor (next links, 500 ms apart),
 * then for each business its type (the ad-account limit form, BM1 on failure) and its restriction
 * flag, 200 ms after each business. Rows stream out as pages land and fields fill in.
 */
export async function loadBusinesses(bridge: Bridge, o: LoadOptions = {}): Promise<Business[]> {
  const sleep = o.sleep ?? defaultSleep;
  const rows = new Map<string, Business>();
  const emit = () => o.onRows?.([...rows.values()]);
  try {
    let page = 0;
    for await (const data of followNextLinks<Omit<Business, 'bmtype' | 'isRestricted'>>(bridge, 'me/businesses', { fields: BUSINESS_FIELDS, limit: PAGE_SIZE }, {
      waitMs: PAGE_WAIT_MS, signal: o.signal, sleep,
    })) {
      page += 1;
      for (const b of checkBusinesses<Omit<Business, 'bmtype' | 'isRestricted'>>(data)) rows.set(String(b.id), { ...b, id: String(b.id), name: b.name ?? '', bmtype: '', isRestricted: '' });
      o.onProgress?.({ page, rows: rows.size, done: 0, total: rows.size });
      emit();
    }
    let done = 0;
    for (const b of rows.values()) {
      const id = b.id;
      const type = () => businessType(bridge, id, { signal: o.signal });
      const restricted = () => restrictionOf(bridge, id, { signal: o.signal });
      b.bmtype = await (o.cache ? o.cache.bmtype(id, type) : type());
      try {
        b.isRestricted = await (o.cache ? o.cache.isRestricted(id, restricted) : restricted());
      } catch (e) {
        if (o.signal?.aborted || e instanceof ReplyChanged) throw e;
        // the check failed: the integrity flag the list already has says the same for a business
        b.isRestricted = b.is_disabled_for_integrity_reasons ? 'true' : 'false';
      }
      done += 1;
      o.onProgress?.({ page, rows: rows.size, done, total: rows.size });
      emit();
      await sleep(ITEM_WAIT_MS, o.signal);
    }
    return [...rows.values()];
  } catch (e) {
    if (o.signal?.aborted) throw e;
    throw loaderError(e);
  }
}

/**
 * Re-reads the given businesses' fields (after a job changed them) in batches of 50; the type and the
 * restriction flag are kept from the known rows. Businesses whose read fails keep their row.
 */
export async function rereadBusinesses(bridge: Bridge, ids: readonly string[], known: ReadonlyMap<string, Business>, o: { signal?: AbortSignal; sleep?: Sleep } = {}): Promise<Business[]> {
  const targets = ids.filter((id) => /^\d+$/.test(id) && known.has(id));
  const results = await runBatch(bridge, targets.map((id) => ({ method: 'GET' as const, relative_url: `${id}?fields=${encodeURIComponent(BUSINESS_FIELDS)}` })), { signal: o.signal, sleep: o.sleep });
  checkBusinesses(results.filter((r) => r.ok && r.body && typeof r.body === 'object').map((r) => r.body));
  return targets.flatMap((id, i) => {
    const r = results[i];
    if (!r?.ok || !r.body || typeof r.body !== 'object') return [];
    const before = known.get(id)!;
    return [{ ...(r.body as Business), id, bmtype: before.bmtype, isRestricted: before.isRestricted }];
  });
}

/** The first businesses of the session, with the list's fields (one call): what the platform check tries the business reads on. */
export async function firstBusinesses(bridge: Bridge, limit: number, o: { signal?: AbortSignal } = {}): Promise<Business[]> {
  const { body } = await bridge.graph<{ data?: unknown[] }>({ path: 'me/businesses', params: { fields: BUSINESS_FIELDS, limit } }, { signal: o.signal });
  return checkBusinesses<Business>(Array.isArray(body?.data) ? body.data : []);
}
