/**
 * The executor's rules shared by the extension (extension/src/lib/executor.ts) and the demo transport
 * (src/kernel/bridge/demo-transport.ts), so both refuse exactly the same things
 * (docs/INTERFACES.md section 4): the refusal reply, the cookie filter, redirects hop by hop.
 */
import { ALLOW_LIST, checkCall, hostOf } from './allow-list';
import type { BridgeResponse, Cookie } from './messages';

/** The only cookie the page is told: who is logged in. */
export const PAGE_COOKIES: readonly string[] = ['c_user'];
/** Redirects followed for one request, at most. */
export const MAX_REDIRECT_HOPS = 5;
export const REFUSED_PREFIX = 'refused: ';

/** The reply to a refused request: nothing was sent (or, for a redirect, nothing more). */
export function refusal(reason: string): BridgeResponse {
  return { ok: false, status: 0, headers: {}, body: null, error: `${REFUSED_PREFIX}${reason}` };
}

export function pageCookies(cookies: readonly Cookie[]): Cookie[] {
  return cookies.filter((c) => PAGE_COOKIES.includes(c.name)).map(({ name, value, domain, path }) => ({ name, value, domain, path }));
}

export interface HopOptions {
  fetch: typeof fetch;
  /** The platform URL a fetched URL stands for (identity in production; the sandbox mapping otherwise), or null. */
  toPlatform: (url: string) => string | null;
  /** Where a platform URL is really fetched (identity in production; the sandbox otherwise), or null. */
  toTarget: (platformUrl: string) => string | null;
}

export type HopResult = { response: Response } | { refused: BridgeResponse; status: number };

const isRedirect = (r: Response) => r.type === 'opaqueredirect' || (r.status >= 300 && r.status < 400 && r.headers.has('location'));

/**
 * Fetches with `redirect: 'manual'` and follows each redirect only when its URL is itself an allowed
 * call (a 301/302 of a POST and every 303 continue as GET without the body), at most
 * MAX_REDIRECT_HOPS times. A browser hides where a redirect points (an opaque redirect): such a
 * redirect is not followed but refused.
 */
export async function fetchHopByHop(target: string, init: RequestInit, o: HopOptions): Promise<HopResult> {
  let url = target;
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  for (let hop = 0; ; hop++) {
    const response = await o.fetch(url, { ...init, method, body, redirect: 'manual' });
    if (!isRedirect(response)) return { response };
    void response.body?.cancel().catch(() => undefined);
    const status = response.status;
    const location = response.headers.get('location');
    if (!location) return { refused: refusal('the platform redirected this request and the browser does not say where to, so it was not followed'), status };
    if (hop >= MAX_REDIRECT_HOPS) return { refused: refusal(`more than ${MAX_REDIRECT_HOPS} redirects`), status };
    let next: string;
    try { next = new URL(location, url).toString(); } catch { return { refused: refusal('redirected to an invalid URL'), status }; }
    const platform = o.toPlatform(next);
    if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
    const check = platform ? checkCall(ALLOW_LIST, { url: platform, method, body: typeof body === 'string' ? body : undefined, headers: init.headers as Record<string, string> | undefined }) : null;
    const nextTarget = platform && check?.ok ? o.toTarget(platform) : null;
    if (!nextTarget) return { refused: refusal(`redirected to ${platform ? `${hostOf(platform)}${new URL(platform).pathname}` : hostOf(next)}, which is not on the allow-list`), status };
    url = nextTarget;
  }
}
