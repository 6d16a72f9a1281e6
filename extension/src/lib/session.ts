import type { Cookie, PlaceholderValues } from '../../../protocol';

export type PlaceholderName = 'access_token' | 'fb_dtsg' | 'lsd' | 'user_id' | 'page_token';
export interface Identity { id: string; name: string }

/**
 * Where identity, placeholder values and cookies come from: the user's own logged-in platform session
 * (production flavour) or the sandbox's `/__sandbox/session` (development flavour).
 */
export interface SessionSource {
  identity(): Promise<Identity | null>;
  /** Values for the placeholders a request uses (`needs`); the others may be left empty. */
  placeholders(needs: ReadonlySet<PlaceholderName>): Promise<PlaceholderValues>;
  cookies(url: string): Promise<Cookie[]>;
  /** The platform said the token is no longer valid: forget cached values. */
  invalidate(): void;
}

const NAMES = /\{\{(access_token|fb_dtsg|lsd|user_id|page_token:\d{1,30})\}\}/g;

/** Which placeholders a request's url, headers and body use. */
export function placeholdersIn(texts: readonly (string | undefined)[]): Set<PlaceholderName> {
  const out = new Set<PlaceholderName>();
  for (const t of texts) {
    if (!t || !t.includes('{{')) continue;
    for (const m of t.matchAll(NAMES)) out.add(m[1]!.startsWith('page_token:') ? 'page_token' : (m[1] as PlaceholderName));
  }
  return out;
}

/** A value computed once per key and kept for ttlMs; concurrent callers share one computation, failures are not kept. */
export class TtlCache<T> {
  private readonly map = new Map<string, { value: Promise<T>; expires: number }>();
  constructor(private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    const hit = this.map.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const value = make();
    const entry = { value, expires: this.now() + this.ttlMs };
    this.map.set(key, entry);
    value.catch(() => { if (this.map.get(key) === entry) this.map.delete(key); });
    return value;
  }

  clear() { this.map.clear(); }
}
