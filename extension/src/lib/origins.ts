/**
 * Product origins: where the content script runs and whose messages the worker accepts. They are
 * fixed at build time and reach the worker through its own manifest (content_scripts[0].matches).
 */

/** The development flavour runs on the loopback hosts, any port (Chromium match patterns without a port match every port). */
export const DEV_ORIGIN_PATTERNS = ['http://127.0.0.1/*', 'http://localhost/*'] as const;

/** `https://app.example.com` (or with a port) → the match pattern `https://app.example.com/*`. Throws on anything that is not a bare origin. */
export function originToMatchPattern(origin: string): string {
  const text = origin.trim().replace(/\/\*?$/, '');
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new Error(`not an origin: ${JSON.stringify(origin)} (expected e.g. https://app.example.com)`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(`not an http(s) origin: ${origin}`);
  if (u.username || u.password || u.search || u.hash || (u.pathname !== '/' && u.pathname !== '')) throw new Error(`not a bare origin (no path, query or credentials): ${origin}`);
  if (u.hostname.includes('*')) throw new Error(`wildcard hosts are not allowed: ${origin}`);
  return `${u.protocol}//${u.host}/*`;
}

/** Chromium's reading of an origin match pattern: same scheme and host; a pattern without a port matches every port. */
export function originMatches(origin: string | undefined, patterns: readonly string[]): boolean {
  if (!origin) return false;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  return patterns.some((pattern) => {
    const m = /^(https?):\/\/([^/:]+)(?::(\d+|\*))?\/\*$/.exec(pattern);
    if (!m) return false;
    const [, scheme, host, port] = m;
    if (o.protocol !== `${scheme}:` || o.hostname !== host) return false;
    if (port === undefined || port === '*') return true;
    const effective = o.port || (o.protocol === 'https:' ? '443' : '80');
    return effective === port;
  });
}
