// Form bodies and query strings as the platform reads them: plain `k=v` pairs, where PHP-style
// `k[]=a&k[]=b` (or `k[0]=a`) becomes the JSON array text `["a","b"]`, like a JSON-encoded param.
export function parseForm(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const arrays = new Map<string, string[]>();
  for (const [k, v] of new URLSearchParams(text)) {
    const m = /^(.+)\[(\d*)\]$/.exec(k);
    if (m) {
      const list = arrays.get(m[1]!) ?? [];
      list.push(v);
      arrays.set(m[1]!, list);
    } else out[k] = v;
  }
  for (const [k, list] of arrays) if (!(k in out)) out[k] = JSON.stringify(list);
  return out;
}

/** any parsed body (form, JSON, text) as string parameters; non-string JSON values become JSON text */
export function bodyParams(body: unknown): Record<string, string> {
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') return parseForm(body);
  if (typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    out[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return out;
}

/**
 * Text fields of a multipart/form-data body (a browser's FormData). Files are not supported: the
 * platform calls Tessera makes send only text fields.
 */
export function parseMultipart(body: string, contentType: string): Record<string, string> {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) return {};
  const out: Record<string, string> = {};
  for (const part of body.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined || /filename=/i.test(head)) continue;
    out[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return out;
}
