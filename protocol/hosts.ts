/** The platform hosts the executor may call (docs/INTERFACES.md section 4); anything else is refused. */
export const PLATFORM_HOSTS = ['graph.facebook.com', 'business.facebook.com', 'www.facebook.com', 'adsmanager.facebook.com'] as const;
export const GRAPH_HOST = 'graph.facebook.com';

export function isPlatformUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && (PLATFORM_HOSTS as readonly string[]).includes(u.hostname) && u.port === ''; // URL drops the default 443
  } catch {
    return false;
  }
}

/**
 * docs/INTERFACES.md section 5: `https://graph.facebook.com/<path>` → `S/<path>`, any other allowed platform
 * host H → `S/__web/H/<path>`. Returns null for a URL outside the allow-list.
 */
export function toSandboxUrl(url: string, sandboxBase: string): string | null {
  if (!isPlatformUrl(url)) return null;
  const u = new URL(url);
  const base = sandboxBase.replace(/\/+$/, '');
  const rest = `${u.pathname}${u.search}`;
  return u.hostname === GRAPH_HOST ? `${base}${rest}` : `${base}/__web/${u.hostname}${rest}`;
}
