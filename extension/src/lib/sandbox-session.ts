import type { Cookie, KnownSecrets, PlaceholderContext, PlaceholderValues } from '../../../protocol';
import { GraphVersionChoice, TtlCache, type Identity, type PlaceholderName, type SessionSource } from './session';

/** `GET S/__sandbox/session` (docs/INTERFACES.md section 5). */
export interface SandboxSessionBody { userId: string; name: string; access_token: string; fb_dtsg: string; lsd: string; access_token_alt?: string }

export interface SandboxSessionDeps {
  /** The sandbox base chosen on the options page, e.g. `http://127.0.0.1:8080/__graph`. */
  base: () => Promise<string>;
  fetch: typeof fetch;
  now?: () => number;
  /** How long the session answer is reused (a sandbox reset may change it). */
  ttlMs?: number;
}

/**
 * The development flavour's session: identity and placeholder values from the sandbox, page tokens
 * from `GET S/<version>/<pageId>?fields=access_token` on the version of the request they are for
 * (GraphVersionChoice, ./session.ts). It never touches the real platform session.
 */
export function createSandboxSession(d: SandboxSessionDeps): SessionSource {
  const sessions = new TtlCache<SandboxSessionBody>(d.ttlMs ?? 5_000, d.now);
  const pageTokens = new TtlCache<string | null>(60_000, d.now);
  const versions = new GraphVersionChoice();

  const load = async (): Promise<{ base: string; s: SandboxSessionBody }> => {
    const base = (await d.base()).replace(/\/+$/, '');
    const s = await sessions.get(base, async () => {
      const r = await d.fetch(`${base}/__sandbox/session`, { credentials: 'omit', cache: 'no-store' });
      if (!r.ok) throw new Error(`sandbox session unavailable at ${base} (HTTP ${r.status})`);
      const body = (await r.json()) as Partial<SandboxSessionBody>;
      if (typeof body.userId !== 'string' && typeof body.userId !== 'number') throw new Error(`sandbox session at ${base} has no userId`);
      return { userId: String(body.userId), name: String(body.name ?? ''), access_token: String(body.access_token ?? ''), fb_dtsg: String(body.fb_dtsg ?? ''), lsd: String(body.lsd ?? ''), ...(typeof body.access_token_alt === 'string' && body.access_token_alt ? { access_token_alt: body.access_token_alt } : {}) };
    });
    return { base, s };
  };

  return {
    async identity(): Promise<Identity | null> {
      try {
        const { s } = await load();
        return { id: s.userId, name: s.name };
      } catch {
        return null;
      }
    },
    async placeholders(_needs: ReadonlySet<PlaceholderName>, context?: PlaceholderContext): Promise<PlaceholderValues> {
      const version = versions.forRequest(context);
      const { base, s } = await load();
      return {
        access_token: s.access_token, access_token_alt: s.access_token_alt, fb_dtsg: s.fb_dtsg, lsd: s.lsd, user_id: s.userId,
        pageToken: (pageId) => pageTokens.get(`${base}|${s.access_token}|${pageId}`, async () => {
          const r = await d.fetch(`${base}/${version}/${encodeURIComponent(pageId)}?fields=access_token&access_token=${encodeURIComponent(s.access_token)}`, { credentials: 'omit', cache: 'no-store' });
          const body = (await r.json().catch(() => null)) as { access_token?: unknown } | null;
          return typeof body?.access_token === 'string' ? body.access_token : null;
        }),
      };
    },
    /** The sandbox has no cookies: the session user's, as the demo transport makes them. */
    async cookies(url: string): Promise<Cookie[]> {
      const { s } = await load();
      const host = new URL(url).hostname;
      return [
        { name: 'c_user', value: s.userId, domain: host.endsWith('facebook.com') ? '.facebook.com' : host, path: '/' },
        { name: 'xs', value: `sandbox-${s.userId}`, domain: '.facebook.com', path: '/' },
      ];
    },
    async known(): Promise<KnownSecrets | null> {
      try {
        const { s } = await load();
        return { access_token: s.access_token, access_token_alt: s.access_token_alt, fb_dtsg: s.fb_dtsg, lsd: s.lsd };
      } catch {
        return null;
      }
    },
    invalidate() {
      sessions.clear();
      pageTokens.clear();
    },
  };
}
