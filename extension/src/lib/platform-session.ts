import { isPlatformUrl, type Cookie, type KnownSecrets, type PlaceholderContext, type PlaceholderValues } from '../../../protocol';
import type { KeyValueStorage } from './journal';
import { GraphVersionChoice, TtlCache, type Identity, type PlaceholderName, type SessionSource } from './session';

export const ADS_MANAGER_URL = 'https://adsmanager.facebook.com/adsmanager/manage/campaigns';
export const GRAPH_ORIGIN = 'https://graph.facebook.com';
/** The Graph root of a version: `https://graph.facebook.com/v24.0`. */
export const graphBase = (version: string) => `${GRAPH_ORIGIN}/${version}`;
export const TOKENS_KEY = 'platform:tokens';
/** How long scraped tokens are reused before the Ads Manager page is read again. */
export const TOKENS_TTL_MS = 20 * 60_000;

/** The platform's own cookie names, asked one by one when cookies.getAll answers nothing (see readCookies). */
export const KNOWN_PLATFORM_COOKIES = ['c_user', 'xs', 'fr', 'datr', 'sb', 'wd', 'presence', 'locale', 'dpr', 'usida', 'i_user', 'ps_l', 'ps_n', 'oo', 'm_pixel_ratio'] as const;

type ChromeCookie = { name: string; value: string; domain: string; path: string };

/**
 * The browser's cookies for a platform URL: chrome.cookies.getAll({ url }). Chromium 156 (Debian's
 * build, headless, verified) answers [] from getAll while cookies.get still finds each cookie, so an
 * empty answer is checked name by name for the platform's known cookies.
 */
export async function readCookies(url: string, getAll: (url: string) => Promise<ChromeCookie[]>, get: (url: string, name: string) => Promise<ChromeCookie | null>): Promise<Cookie[]> {
  let all = await getAll(url).catch(() => []);
  if (!all.length) all = (await Promise.all(KNOWN_PLATFORM_COOKIES.map((name) => get(url, name).catch(() => null)))).filter((c): c is ChromeCookie => !!c);
  return all.map(({ name, value, domain, path }) => ({ name, value, domain, path }));
}

export interface PageTokens { access_token: string | null; fb_dtsg: string | null; lsd: string | null; access_token_alt?: string | null }
interface StoredTokens { userId: string; access_token: string; fb_dtsg: string; lsd: string; expires: number; access_token_alt?: string }

/**
 * Reads the user token and the web form tokens from the HTML of an authenticated Ads Manager page.
 * The token is the `EAA…` string the page itself uses for its graph calls (preferring the
 * `accessToken` field, then an `EAAB…` token, then any `EAA…` token); `fb_dtsg` is the token of
 * `DTSGInitialData` (or the hidden `fb_dtsg` input), `lsd` the token of `LSD` (or the `lsd` input).
 */
export function parseAdsManagerPage(html: string): PageTokens {
  const first = (...patterns: RegExp[]) => {
    for (const p of patterns) {
      const m = p.exec(html);
      if (m?.[1]) return m[1];
    }
    return null;
  };
  const access_token = first(/"accessToken"\s*:\s*"(EAA[A-Za-z0-9]{20,})"/, /\b(EAAB[A-Za-z0-9]{20,})/, /\b(EAA[A-Za-z0-9]{20,})/);
  // The alternate token: another EAA… token the page carries (docs/INTERFACES.md section 4, {{access_token_alt}}).
  const access_token_alt = [...html.matchAll(/\b(EAA[A-Za-z0-9]{20,})/g)].map((m) => m[1]!).find((t) => t !== access_token);
  return {
    ...(access_token_alt ? { access_token_alt } : {}),
    access_token,
    fb_dtsg: first(/\["DTSGInitialData",\s*\[\],\s*\{\s*"token"\s*:\s*"([^"]+)"/, /name="fb_dtsg"\s+value="([^"]+)"/, /"dtsg"\s*:\s*\{\s*"token"\s*:\s*"([^"]+)"/),
    lsd: first(/\["LSD",\s*\[\],\s*\{\s*"token"\s*:\s*"([^"]+)"/, /name="lsd"\s+value="([^"]+)"/),
  };
}

export interface PlatformSessionDeps {
  fetch: typeof fetch;
  /** chrome.storage.session (the scraped tokens are cached there with an expiry; it never reaches disk or content scripts). */
  storage: Pick<KeyValueStorage, 'set' | 'remove'> & { get(key: string): Promise<Record<string, unknown>> };
  /** The value of a cookie (`c_user` of https://www.facebook.com), or null. */
  cookie(url: string, name: string): Promise<string | null>;
  /** chrome.cookies.getAll({ url }). */
  allCookies(url: string): Promise<Cookie[]>;
  now?: () => number;
}

/**
 * The production flavour's session: the user's own logged-in platform session in this browser.
 * - user_id: the `c_user` cookie of facebook.com (no cookie = not logged in).
 * - access_token, fb_dtsg, lsd: read from an Ads Manager page fetched with the user's cookies, cached
 *   in chrome.storage.session for TOKENS_TTL_MS and bound to the c_user they were read for.
 * - page tokens: `GET /me/accounts?fields=id,access_token` with the user token (then, for a page not
 *   listed there, `GET /<pageId>?fields=access_token`), on the version of the request they are for.
 * - identity: c_user and the name from `GET /me?fields=id,name` (on the version the last request named).
 * The version is never a constant here (GraphVersionChoice, ./session.ts).
 */
export function createPlatformSession(d: PlatformSessionDeps): SessionSource {
  const now = d.now ?? Date.now;
  let scraping: Promise<StoredTokens> | null = null;
  const names = new TtlCache<string>(10 * 60_000, now);
  const accounts = new TtlCache<Map<string, string>>(10 * 60_000, now);
  const single = new TtlCache<string | null>(10 * 60_000, now);
  const versions = new GraphVersionChoice();

  const userId = () => d.cookie('https://www.facebook.com/', 'c_user');

  const getJson = async (url: string): Promise<Record<string, unknown> | null> => {
    const r = await d.fetch(url, { credentials: 'include', cache: 'no-store' });
    return (await r.json().catch(() => null)) as Record<string, unknown> | null;
  };

  async function tokens(uid: string): Promise<StoredTokens> {
    const stored = (await d.storage.get(TOKENS_KEY).catch((): Record<string, unknown> => ({})))[TOKENS_KEY] as StoredTokens | undefined;
    if (stored && stored.userId === uid && stored.expires > now()) return stored;
    scraping ??= (async () => {
      const r = await d.fetch(ADS_MANAGER_URL, { credentials: 'include', cache: 'no-store', redirect: 'follow' });
      if (!r.ok) throw new Error(`could not read the session from Ads Manager (HTTP ${r.status}); log in to Facebook in this browser`);
      const found = parseAdsManagerPage(await r.text());
      if (!found.access_token) throw new Error('no access token in the Ads Manager page; log in to Facebook and open Ads Manager once in this browser');
      const t: StoredTokens = { userId: uid, access_token: found.access_token, fb_dtsg: found.fb_dtsg ?? '', lsd: found.lsd ?? '', expires: now() + TOKENS_TTL_MS, ...(found.access_token_alt ? { access_token_alt: found.access_token_alt } : {}) };
      await d.storage.set({ [TOKENS_KEY]: t }).catch(() => undefined);
      return t;
    })().finally(() => { scraping = null; });
    return scraping;
  }

  async function pageToken(token: string, pageId: string, version: string): Promise<string | null> {
    const list = await accounts.get(token, async () => {
      const map = new Map<string, string>();
      let next: string | null = `${graphBase(version)}/me/accounts?fields=id,access_token&limit=100&access_token=${encodeURIComponent(token)}`;
      for (let i = 0; next && i < 50; i++) {
        const body = await getJson(next);
        const data = Array.isArray(body?.data) ? (body.data as { id?: unknown; access_token?: unknown }[]) : [];
        for (const p of data) if (typeof p.id === 'string' && typeof p.access_token === 'string') map.set(p.id, p.access_token);
        const paging = body?.paging as { next?: unknown } | undefined;
        next = typeof paging?.next === 'string' && isPlatformUrl(paging.next) ? paging.next : null;
      }
      return map;
    });
    if (list.has(pageId)) return list.get(pageId)!;
    return single.get(`${token}|${pageId}`, async () => {
      const body = await getJson(`${graphBase(version)}/${encodeURIComponent(pageId)}?fields=access_token&access_token=${encodeURIComponent(token)}`);
      return typeof body?.access_token === 'string' ? body.access_token : null;
    });
  }

  return {
    async identity(): Promise<Identity | null> {
      const uid = await userId().catch(() => null);
      if (!uid) return null;
      const name = await names.get(uid, async () => {
        const t = await tokens(uid);
        const body = await getJson(`${graphBase(versions.current())}/me?fields=id,name&access_token=${encodeURIComponent(t.access_token)}`);
        if (typeof body?.name !== 'string') throw new Error('no name');
        return body.name;
      }).catch(() => '');
      return { id: uid, name };
    },
    async placeholders(needs: ReadonlySet<PlaceholderName>, context?: PlaceholderContext): Promise<PlaceholderValues> {
      const version = versions.forRequest(context);
      const uid = await userId();
      if (!uid) throw new Error('not logged in to Facebook in this browser (no c_user cookie)');
      const needTokens = needs.has('access_token') || needs.has('access_token_alt') || needs.has('fb_dtsg') || needs.has('lsd') || needs.has('page_token');
      const t = needTokens ? await tokens(uid) : null;
      if (needs.has('fb_dtsg') && !t?.fb_dtsg) throw new Error('no fb_dtsg in the Ads Manager page');
      if (needs.has('lsd') && !t?.lsd) throw new Error('no lsd in the Ads Manager page');
      return {
        access_token: t?.access_token ?? '', access_token_alt: t?.access_token_alt, fb_dtsg: t?.fb_dtsg ?? '', lsd: t?.lsd ?? '', user_id: uid,
        pageToken: (pageId) => (t ? pageToken(t.access_token, pageId, version) : null),
      };
    },
    async cookies(url: string): Promise<Cookie[]> {
      if (!isPlatformUrl(url)) return [];
      return d.allCookies(url);
    },
    async known(): Promise<KnownSecrets | null> {
      const stored = (await d.storage.get(TOKENS_KEY).catch((): Record<string, unknown> => ({})))[TOKENS_KEY] as StoredTokens | undefined;
      return stored ? { access_token: stored.access_token, access_token_alt: stored.access_token_alt, fb_dtsg: stored.fb_dtsg, lsd: stored.lsd } : null;
    },
    invalidate() {
      void d.storage.remove([TOKENS_KEY]).catch(() => undefined);
      names.clear();
      accounts.clear();
      single.clear();
    },
  };
}
