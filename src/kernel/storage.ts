/**
 * Browser storage with typed keys: every value the spec keeps in the browser goes through here, so
 * there are no scattered localStorage calls. Items may carry an expiry in minutes.
 */

export interface StorageSchema {
  token: string;
  uid: string;
  fbid: string;
  fbname: string;
  description: string;
  version: string;
  version_web: string;
  versionUpdateTime: string;
  downloadUrl: string;
  needUpdateFuncList: string[];
  'arco-locale': string;
  page_per_page: number;
  acc_per_page: number;
  pixel_per_page: number;
  bm_per_page: number;
  'tessera-settings': Record<string, unknown>;
  'tessera-workspaces': Record<string, unknown>;
  'tessera-current-workspace': unknown;
  'tessera-tabs': unknown;
  /** The extension version whose clear_index keys were already erased. */
  'tessera-cleared-for': string;
  /** Each plugin's own settings, by plugin id. */
  'tessera-plugin-settings': Record<string, Record<string, unknown>>;
  /** Runner settings (pace factor, auto-resume). */
  'tessera-runner': Record<string, unknown>;
  /** What the watch last sent of each object (src/kernel/list/watch-send.ts): a shape number and, per type, object id → fingerprint. */
  'tessera-watch': { shape: number; prints: Record<string, Record<string, string>> };
  /** The organisation this user works in on this browser (src/kernel/core/active-org.ts); absent: their own work. */
  'tessera-org': { id: number; name: string; role: 'owner' | 'admin' | 'operator' | 'viewer' };
}

export type StorageKey = keyof StorageSchema;

interface Envelope<T> { v: T; exp?: number }

/**
 * Keys that hold one user's data: stored as `<key>:<uid>` for the user whose `uid` is stored (the
 * bare key when nobody is logged in), so another user of the same browser never reads them
 * (docs/DECISIONS.md, "Each user's browser data is theirs"). The other keys are per browser.
 */
export const USER_KEYS: ReadonlySet<StorageKey> = new Set<StorageKey>(['tessera-workspaces', 'tessera-current-workspace', 'tessera-tabs', 'tessera-plugin-settings', 'tessera-watch', 'tessera-org']);

/** The id of the user whose data the per-user keys hold now (the stored `uid`), undefined when logged out. */
export function storedUserId(): string | undefined {
  const uid = readRaw<string>('uid');
  return uid === undefined || uid === '' ? undefined : String(uid);
}

/** The key a value is really stored under: a user key carries the current user's id. */
export function physicalKey(key: StorageKey | string): string {
  if (!USER_KEYS.has(key as StorageKey)) return key;
  const uid = storedUserId();
  return uid === undefined ? key : `${key}:${uid}`;
}

function backend(): Storage | null {
  try { return typeof window !== 'undefined' ? window.localStorage : null; } catch { return null; }
}

export function getItem<K extends StorageKey>(key: K): StorageSchema[K] | undefined {
  return readRaw<StorageSchema[K]>(physicalKey(key));
}

function readRaw<T>(key: string): T | undefined {
  const raw = backend()?.getItem(key);
  if (raw == null) return undefined;
  try {
    const parsed = JSON.parse(raw) as Envelope<T>;
    if (!parsed || typeof parsed !== 'object' || !('v' in parsed)) return undefined;
    if (parsed.exp !== undefined && Date.now() > parsed.exp) {
      backend()?.removeItem(key);
      return undefined;
    }
    return parsed.v;
  } catch {
    return undefined;
  }
}

/** Stores a value; `expiresInMinutes` makes it vanish after that long. */
export function setItem<K extends StorageKey>(key: K, value: StorageSchema[K], expiresInMinutes?: number): void {
  const envelope: Envelope<StorageSchema[K]> = { v: value };
  if (expiresInMinutes !== undefined) envelope.exp = Date.now() + expiresInMinutes * 60_000;
  try { backend()?.setItem(physicalKey(key), JSON.stringify(envelope)); } catch (e) { console.warn(`[tessera] could not store ${key}`, e); }
}

/** A user key's value for the user `uid` (`<key>:<uid>`), whoever's `uid` is stored now. */
export function getUserItem<K extends StorageKey>(key: K, uid: string): StorageSchema[K] | undefined {
  return readRaw<StorageSchema[K]>(`${key}:${uid}`);
}

/** Stores a user key's value for the user `uid` (`<key>:<uid>`). */
export function setUserItem<K extends StorageKey>(key: K, uid: string, value: StorageSchema[K]): void {
  try { backend()?.setItem(`${key}:${uid}`, JSON.stringify({ v: value })); } catch (e) { console.warn(`[tessera] could not store ${key}`, e); }
}

/** Removes a value (for a user key: the current user's value). */
export function removeItem(key: StorageKey | string): void {
  backend()?.removeItem(physicalKey(key));
}

/** Erases the keys a forced extension update names (`clear_index`, comma separated). Unknown names are erased too. */
export function clearKeys(commaSeparated: string): string[] {
  const keys = commaSeparated.split(',').map((k) => k.trim()).filter(Boolean);
  keys.forEach((k) => removeItem(k));
  return keys;
}
