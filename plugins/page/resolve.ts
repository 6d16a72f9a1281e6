import { classifyEntries, resolvePageIds, type Bridge } from '@kernel';

/** One pasted line and what it became: a page id, nothing found (never sent), or refused with a reason. */
export interface ResolvedLine { line: number; text: string; id?: string; state: 'id' | 'resolved' | 'unresolved' | 'refused'; problem?: string }

/**
 * Page ids from anything pasted (docs/SPEC.md, pages): digits are a profile id as they are; a link
 * (https, on the platform's main host only) or a code is asked of bulk-route-definitions in batches
 * of 10; an entry that names no page stays without an id and is reported, never sent.
 */
export async function resolvePageLines(bridge: Bridge, text: string, o: { signal?: AbortSignal; onChunk?: (done: number, total: number) => void } = {}): Promise<ResolvedLine[]> {
  const entries = classifyEntries(text);
  const ask = entries.filter((e) => e.kind === 'url' || e.kind === 'code').map((e) => e.text);
  const ids = ask.length ? await resolvePageIds(bridge, ask, { signal: o.signal, onChunk: o.onChunk }) : new Map<string, string | undefined>();
  return entries.map((e): ResolvedLine => {
    if (e.kind === 'invalid') return { line: e.line, text: e.text, state: 'refused', problem: e.problem };
    if (e.kind === 'id') return { line: e.line, text: e.text, id: e.id, state: 'id' };
    const id = ids.get(e.text);
    return id ? { line: e.line, text: e.text, id, state: 'resolved' } : { line: e.line, text: e.text, state: 'unresolved' };
  });
}

/** The distinct page ids of the resolved lines, in order. */
export function idsOf(lines: readonly ResolvedLine[]): string[] {
  return [...new Set(lines.flatMap((l) => (l.id ? [l.id] : [])))];
}
