/** Values the executor puts in place of the placeholders of docs/INTERFACES.md section 4. */
export interface PlaceholderValues {
  access_token: string;
  fb_dtsg: string;
  lsd: string;
  user_id: string;
  /** A page's own token; resolved by the executor when a request names one. */
  pageToken?: (pageId: string) => Promise<string | null> | string | null;
}

const PLACEHOLDER = /\{\{(access_token|fb_dtsg|lsd|user_id|page_token:(\d{1,30}))\}\}/g;

export class PlaceholderError extends Error {}

/** Fills `{{access_token}}`, `{{page_token:<id>}}`, `{{fb_dtsg}}`, `{{lsd}}` and `{{user_id}}` in one text. */
export async function fillPlaceholders(text: string, values: PlaceholderValues): Promise<string> {
  const pageIds = [...text.matchAll(PLACEHOLDER)].map((m) => m[2]).filter((id): id is string => !!id);
  const pageTokens = new Map<string, string>();
  for (const id of new Set(pageIds)) {
    const token = await values.pageToken?.(id);
    if (!token) throw new PlaceholderError(`no page token for page ${id}`);
    pageTokens.set(id, token);
  }
  return text.replace(PLACEHOLDER, (_all, name: string, pageId?: string) => {
    if (pageId) return encodeIfNeeded(pageTokens.get(pageId)!);
    return encodeIfNeeded(values[name as 'access_token' | 'fb_dtsg' | 'lsd' | 'user_id']);
  });
}

// Tokens are URL-safe in practice; encoding keeps a stray character from breaking a query or form body.
function encodeIfNeeded(value: string): string {
  return /^[A-Za-z0-9._~:-]*$/.test(value) ? value : encodeURIComponent(value);
}

export async function fillRequest<T extends { url: string; options: { headers?: Record<string, string>; body?: string } }>(req: T, values: PlaceholderValues): Promise<T> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.options.headers ?? {})) headers[k] = await fillPlaceholders(v, values);
  return {
    ...req,
    url: await fillPlaceholders(req.url, values),
    options: { ...req.options, headers, body: req.options.body === undefined ? undefined : await fillPlaceholders(req.options.body, values) },
  };
}
