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

/** The inverse of toSandboxUrl: the platform URL a sandbox URL stands for, or null when it is outside the sandbox base. */
export function fromSandboxUrl(url: string, sandboxBase: string): string | null {
  let u: URL;
  let b: URL;
  try {
    u = new URL(url);
    b = new URL(sandboxBase.replace(/\/+$/, ''));
  } catch {
    return null;
  }
  const root = b.pathname.replace(/\/+$/, '');
  if (u.origin !== b.origin || !(u.pathname === root || u.pathname.startsWith(`${root}/`))) return null;
  const rest = u.pathname.slice(root.length) || '/';
  const web = /^\/__web\/([^/]+)(\/.*)?$/.exec(rest);
  if (web) return (PLATFORM_HOSTS as readonly string[]).includes(web[1]!) ? `https://${web[1]}${web[2] ?? '/'}${u.search}` : null;
  if (rest.startsWith('/__')) return null;
  return `https://${GRAPH_HOST}${rest}${u.search}`;
}

/**
 * The platform writes an ad account as a Graph node with this prefix before its number (`act_123`);
 * its GraphQL documents and web forms take the bare number. A platform fact, like the hosts: the
 * kernel's id guards (src/kernel/platform/ids.ts) and the allow-list's `{act}` token use it.
 */
export const AD_ACCOUNT_NODE_PREFIX = 'act_';
