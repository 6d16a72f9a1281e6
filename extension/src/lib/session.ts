import type { Cookie, KnownSecrets, PlaceholderName, PlaceholderValues } from '../../../protocol';

export type { PlaceholderName };

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
  /** The secrets already at hand (no network), for scrubbing replies; null when none are. */
  known?(): Promise<KnownSecrets | null>;
  /** The platform said the token is no longer valid: forget cached values. */
  invalidate(): void;
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
