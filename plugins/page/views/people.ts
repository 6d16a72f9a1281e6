import { resolveIds, type Bridge } from '@kernel';
import { classifyEntries } from '@kernel';

/** People ids from pasted ids, profile links and codes: the found ids, and the lines that gave none. */
export async function peopleIds(bridge: Bridge, text: string, signal?: AbortSignal): Promise<{ ids: string[]; missing: string[] }> {
  const entries = classifyEntries(text);
  const ask = entries.filter((e) => e.kind === 'url' || e.kind === 'code').map((e) => e.text);
  const found = ask.length ? await resolveIds(bridge, ask, { signal }) : new Map<string, string | undefined>();
  const ids: string[] = [];
  const missing: string[] = [];
  for (const e of entries) {
    const id = e.kind === 'id' ? e.id : e.kind === 'invalid' ? undefined : found.get(e.text);
    if (id) { if (!ids.includes(id)) ids.push(id); } else missing.push(e.text);
  }
  return { ids, missing };
}
