/**
 * Values the plugin gives as `{ t: key }` become their label; `{ t: [key, …] }` a list of labels, joined
 * the operator's way (`kernel:runner.listSeparator`: ", " or "、"); everything else is kept (rendered
 * as text by React).
 */
export function translateValues(values: Record<string, unknown> | undefined, t: (key: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    const key = v && typeof v === 'object' ? (v as { t?: unknown }).t : undefined;
    if (typeof key === 'string') out[k] = t(key);
    else if (Array.isArray(key) && key.every((x) => typeof x === 'string')) out[k] = key.map((x: string) => t(x)).join(t('kernel:runner.listSeparator'));
    else out[k] = v;
  }
  return out;
}
