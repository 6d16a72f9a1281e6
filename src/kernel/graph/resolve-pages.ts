import type { Bridge } from '../bridge/bridge';
import { runBatch } from './batch';
import type { Sleep } from './sleep';

export const RESOLVE_BATCH = 10;

/**
 * Page-id resolving: page URLs or usernames to ids, in batches of 10 (the spec's route batch). An
 * entry that resolves to no id maps to undefined; its item is later skipped as 'unresolved'.
 */
export async function resolvePageIds(bridge: Bridge, entries: readonly string[], o: { signal?: AbortSignal; sleep?: Sleep } = {}): Promise<Map<string, string | undefined>> {
  const out = new Map<string, string | undefined>();
  const pending = entries.filter((e) => {
    if (/^\d+$/.test(e)) { out.set(e, e); return false; }
    return true;
  });
  const results = await runBatch(bridge, pending.map((entry) => ({ method: 'GET' as const, relative_url: `?id=${encodeURIComponent(entry)}&fields=id` })), {
    chunkSize: RESOLVE_BATCH, signal: o.signal, sleep: o.sleep,
  });
  pending.forEach((entry, i) => {
    const body = results[i]?.body as { id?: string } | undefined;
    out.set(entry, results[i]?.ok && typeof body?.id === 'string' ? body.id : undefined);
  });
  return out;
}
