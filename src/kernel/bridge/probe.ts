import { EXTENSION_IDS } from '../../../protocol';

/** The two known extension ids (production and development builds; fixed by the manifest key). */
export const KNOWN_EXTENSION_IDS: readonly string[] = [EXTENSION_IDS.production, EXTENSION_IDS.development];

/**
 * Probes the extension's bundled page on each known id. It answers only when that build is
 * installed; a hit while the page carries no mark means the extension is installed but not active
 * on this site (e.g. a production build made for other origins).
 */
export async function probeExtension(ids: readonly string[] = KNOWN_EXTENSION_IDS, fetchImpl: typeof fetch = (...a) => fetch(...a)): Promise<string | null> {
  for (const id of ids) {
    try {
      const r = await fetchImpl(`chrome-extension://${id}/probe.html`, { cache: 'no-store' });
      if (r.ok) return id;
    } catch {
      // not installed (or not reachable from this origin)
    }
  }
  return null;
}
