import { DEFAULT_GRAPH_VERSION, isGraphVersion } from '../../../protocol/api/platform';
import type { Cookie, KnownSecrets, PlaceholderContext, PlaceholderName, PlaceholderValues } from '../../../protocol';

export type { PlaceholderName };

export interface Identity { id: string; name: string }

/**
 * Where identity, placeholder values and cookies come from: the user's own logged-in platform session
 * (production flavour) or the sandbox's `/__sandbox/session` (development flavour).
 */
export interface SessionSource {
  identity(): Promise<Identity | null>;
  /**
   * Values for the placeholders a request uses (`needs`); the others may be left empty. `context`: the
   * Graph version the request names, on which the session's own reads for it (page tokens) go.
   */
  placeholders(needs: ReadonlySet<PlaceholderName>, context?: PlaceholderContext): Promise<PlaceholderValues>;
  cookies(url: string): Promise<Cookie[]>;
  /** The secrets already at hand (no network), for scrubbing replies; null when none are. */
  known?(): Promise<KnownSecrets | null>;
  /** The platform said the token is no longer valid: forget cached values. */
  invalidate(): void;
}

/**
 * The Graph version the extension's own reads name (page tokens, the identity's name): the version of
 * the request being executed — the product's configured version, which the page's calls carry
 * (docs/DECISIONS.md, "The Graph API version is data") — else the last one a request named, else the
 * product's default. A hostile page gains nothing by choosing it: the allow-list already lets the page
 * send its own calls on any `{v}`, the reads stay on graph.facebook.com with fixed paths, and only a
 * version (`^v\d{1,2}\.0$`) is taken, so it can add no path or query.
 */
export class GraphVersionChoice {
  private last: string | null = null;

  /** The version for a read made for a request (`context`); remembered for reads made without one. */
  forRequest(context?: PlaceholderContext): string {
    const v = context?.graphVersion;
    if (isGraphVersion(v)) {
      this.last = v;
      return v;
    }
    return this.current();
  }

  current(): string {
    return this.last ?? DEFAULT_GRAPH_VERSION;
  }
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
