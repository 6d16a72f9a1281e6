import { cached, clearCached, type KernelStore } from '@kernel';
import type { BusinessFieldCache } from './load';

/** The business list's cache name (docs/PLATFORM.md, bm: what `bmuser_list` holds). */
export const CACHE_KEY = 'bmuser_list';
/** The business type per business; cleared on a forced reload (docs/SPEC.md section 4). */
export const TYPE_PREFIX = 'bm_type:';
/** The restriction flag per business, kept 12 hours like the lists. */
export const RESTRICTED_PREFIX = 'bm_restricted:';

/** The loader's per-business caches, in the kernel store's 12-hour cache. */
export function fieldCache(store: KernelStore): BusinessFieldCache {
  return {
    bmtype: (id, read) => cached(store, `${TYPE_PREFIX}${id}`, read),
    isRestricted: (id, read) => cached(store, `${RESTRICTED_PREFIX}${id}`, read),
  };
}

/** Forgets every business type (a forced reload asks the limit form again). */
export function clearTypeCache(store: KernelStore): number {
  let cleared = 0;
  for (const key of store.getRowIds('cache')) {
    if (!key.startsWith(TYPE_PREFIX)) continue;
    clearCached(store, key);
    cleared += 1;
  }
  return cleared;
}
