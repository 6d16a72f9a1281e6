export const SANDBOX_BASE_KEY = 'sandboxBase';
export const DEFAULT_SANDBOX_BASE = 'http://127.0.0.1:8080/__graph';

/** A sandbox base the development flavour may use: an http URL on 127.0.0.1 or localhost, any port (its only non-platform host permissions), no query. */
export function normalizeSandboxBase(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:') return null;
  if (u.hostname !== '127.0.0.1' && u.hostname !== 'localhost') return null;
  if (u.username || u.password || u.search || u.hash) return null;
  return `${u.origin}${u.pathname}`.replace(/\/+$/, '');
}
