import type { EvidenceRead } from './evidence-types';

const problemOf = (e: unknown): string => (e instanceof Error ? e.message : typeof e === 'string' ? e : 'Unknown error');

/** A read of the appeal evidence whose failure becomes the section's words instead of failing the whole export (a cancel still cancels). */
export async function readSection<T>(read: () => Promise<T>): Promise<EvidenceRead<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    return { ok: false, problem: problemOf(e) };
  }
}
