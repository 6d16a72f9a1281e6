import { GraphError } from '../bridge/bridge';
import { BridgeError } from '../bridge/transport';

/**
 * docs/INTERFACES.md section 6. `version`: the platform no longer serves the Graph version the call
 * named (#2635); every job pauses until an admin sets a served one (docs/DECISIONS.md, "The Graph API
 * version is data").
 */
export type ErrorClass = 'transient' | 'rate-limit' | 'session' | 'version' | 'permanent';

/** The platform's "You are calling a deprecated version of the Ads API". */
export const VERSION_RETIRED_CODE = 2635;

const RATE_LIMIT_CODES = new Set([4, 17, 32, 341, 613]);
const SESSION_CODES = new Set([190, 102, 368]);
export const CHECKPOINT_SUBCODE = 459;

export function isRateLimitCode(code: number | undefined): boolean {
  return code !== undefined && (RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014));
}

export function classifyError(error: unknown): ErrorClass {
  if (error instanceof BridgeError) return error.kind === 'timeout' ? 'transient' : error.kind === 'aborted' ? 'permanent' : 'transient';
  if (!(error instanceof GraphError)) return 'permanent';
  if (error.code === VERSION_RETIRED_CODE) return 'version';
  if (error.subcode === CHECKPOINT_SUBCODE || (error.code !== undefined && SESSION_CODES.has(error.code))) return 'session';
  if (isRateLimitCode(error.code)) return 'rate-limit';
  if (error.code === 1 || error.code === 2 || error.isTransient === true || error.status >= 500 || error.status === 0) return 'transient';
  return 'permanent';
}

export const DEFAULT_RATE_LIMIT_PAUSE_MS = 5 * 60_000;

export interface Usage {
  /** X-App-Usage call_count, percent. */
  app: number | null;
  /** X-Business-Use-Case-Usage per id: call_count percent and minutes to regain access. */
  business: { id: string; callCount: number; regainMinutes: number }[];
  /** X-Ad-Account-Usage (the account the request named): acc_id_util_pct and reset_time_duration (s). */
  adAccount?: { utilPct: number; resetS: number };
}

function parseJson(value: string | undefined): unknown {
  if (!value) return null;
  try { return JSON.parse(value); } catch { return null; }
}

export function parseUsage(headers: Record<string, string>): Usage {
  const get = (name: string) => headers[name] ?? headers[name.toLowerCase()] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  const app = parseJson(get('x-app-usage')) as { call_count?: number } | null;
  const buc = parseJson(get('x-business-use-case-usage')) as Record<string, { call_count?: number; estimated_time_to_regain_access?: number }[]> | null;
  const business: Usage['business'] = [];
  if (buc && typeof buc === 'object') {
    for (const [id, entries] of Object.entries(buc)) {
      if (!Array.isArray(entries)) continue;
      const worst = entries.reduce((m, e) => Math.max(m, Number(e.call_count) || 0), 0);
      const regain = entries.reduce((m, e) => Math.max(m, Number(e.estimated_time_to_regain_access) || 0), 0);
      business.push({ id, callCount: worst, regainMinutes: regain });
    }
  }
  const acc = parseJson(get('x-ad-account-usage')) as { acc_id_util_pct?: unknown; reset_time_duration?: unknown } | null;
  const util = Number(acc?.acc_id_util_pct);
  const adAccount = acc && Number.isFinite(util) ? { adAccount: { utilPct: util, resetS: Number(acc.reset_time_duration) || 0 } } : {};
  return { app: typeof app?.call_count === 'number' ? app.call_count : null, business, ...adAccount };
}

/**
 * How long a rate-limited scope waits: Retry-After seconds, else the usage header's
 * estimated_time_to_regain_access minutes, else 5 minutes. `toScope` turns a per-object usage key
 * into a scope (the plugin's scope declaration, scope.ts).
 */
export function rateLimitPauseMs(headers: Record<string, string>, scope: string | null, toScope: (key: string) => string = (key) => key): number {
  const retryAfter = Number(headers['retry-after'] ?? headers['Retry-After']);
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter * 1000;
  const usage = parseUsage(headers);
  const entry = usage.business.find((b) => scope !== null && toScope(b.id) === scope) ?? usage.business.find((b) => b.regainMinutes > 0);
  if (entry && entry.regainMinutes > 0) return entry.regainMinutes * 60_000;
  return DEFAULT_RATE_LIMIT_PAUSE_MS;
}

/**
 * Spacing factor from usage: nothing below 75 %, then up to 4× slower as usage nears 100 %.
 * (The platform throttles at 100; slowing early keeps a long job out of the block.)
 */
export function slowdownFor(usagePercent: number): number {
  if (usagePercent < 75) return 1;
  return 1 + Math.min(1, (usagePercent - 75) / 25) * 3;
}

/**
 * Codes 4 (app), 17 (user) and 341 (app limit) throttle the caller as a whole — except 17 with
 * subcode 2446079, 'too many calls from this ad account' (docs/PLATFORM.md), which is one object's.
 */
export function isCallerWideLimit(code: number | undefined, subcode?: number): boolean {
  if (code === 17) return subcode !== 2446079;
  return code === 4 || code === 341;
}
