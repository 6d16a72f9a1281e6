/** Values the plugin gives as `{ t: key }` become their label; everything else is kept (rendered as text by React). */
export function translateValues(values: Record<string, unknown> | undefined, t: (key: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    out[k] = v && typeof v === 'object' && typeof (v as { t?: unknown }).t === 'string' ? t((v as { t: string }).t) : v;
  }
  return out;
}
