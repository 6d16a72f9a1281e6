import type { Bridge } from '../bridge/bridge';
import { resolveIds, ROUTE_BATCH, type ResolveOptions } from './resolve-ids';

export const RESOLVE_BATCH = ROUTE_BATCH;

/**
 * Page URLs or codes to page ids: the kernel's id resolver (resolve-ids.ts), which asks the
 * platform's router in batches of 10. An entry that names no id maps to undefined.
 */
export function resolvePageIds(bridge: Bridge, entries: readonly string[], o: ResolveOptions = {}): Promise<Map<string, string | undefined>> {
  return resolveIds(bridge, entries, o);
}
