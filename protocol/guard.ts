/**
 * Small rules the executor (protocol/executor.ts) and the extension's message router share
 * (docs/INTERFACES.md section 4): the refusal reply and the cookie filter.
 */
import type { BridgeResponse, Cookie } from './messages';

/** The only cookie the page is told: who is logged in. */
export const PAGE_COOKIES: readonly string[] = ['c_user'];
export const REFUSED_PREFIX = 'refused: ';

/** The reply to a refused request: nothing was sent (or, for a redirect, nothing more). */
export function refusal(reason: string): BridgeResponse {
  return { ok: false, status: 0, headers: {}, body: null, error: `${REFUSED_PREFIX}${reason}` };
}

export function pageCookies(cookies: readonly Cookie[]): Cookie[] {
  return cookies.filter((c) => PAGE_COOKIES.includes(c.name)).map(({ name, value, domain, path }) => ({ name, value, domain, path }));
}
