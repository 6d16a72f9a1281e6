// Server settings, read once from the environment (docs/INTERFACES.md section 1 plus the server's own extras).
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from './payments/types';
import { DEFAULT_GRAPH_VERSION, isGraphVersion, WATCH_RETENTION_DAYS_MAX } from '../protocol/api';

/** A password made at start: 24 characters of base64url (144 bits). */
function generatedPassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}

export interface RateLimitRule {
  /** events allowed inside the window */
  limit: number;
  windowMs: number;
  /** how long the key stays refused once the limit is passed */
  blockMs: number;
}

export interface RateLimits {
  /** failed logins per e-mail address */
  loginPerEmail: RateLimitRule;
  /** failed logins per client IP */
  loginPerIp: RateLimitRule;
  /** failed logins per e-mail address from any source: past it a login needs the mailed unlock code */
  loginSoft: RateLimitRule;
  /** any call of an account endpoint (register, codes, activation, reset, login) per client IP */
  authPerIp: RateLimitRule;
}

/** Per-user bounds on the endpoints that insert rows (docs/DECISIONS.md, "Per-user limits"). */
export interface UserLimits {
  /** module_statistics_visit/save: calls a minute; rows kept per user (the oldest are pruned, checked every `pruneEvery` inserts) */
  visits: { perMinute: number; stored: number; pruneEvery: number };
  /** pay/addRecord: calls a minute; records kept per user over all modules (the oldest are pruned) */
  records: { perMinute: number; stored: number };
  /** pay/createOrder: calls a minute; open (pending) orders at once (more are refused); closed unpaid orders kept (older ones pruned) */
  orders: { perMinute: number; pending: number; closedKept: number };
  /** jobs/records: calls a minute (each up to JOB_RECORDS_MAX_ITEMS records; a refused call is re-sent by the browser later) */
  jobRecords: { perMinute: number };
  /** watch/snapshots: calls a minute (each up to WATCH_ROWS_MAX rows under the body limit) */
  watchSnapshots: { perMinute: number };
  /** watch/channels/test: test messages a minute (each one an outgoing request) */
  watchTests: { perMinute: number };
}

export const defaultUserLimits = (): UserLimits => ({
  visits: { perMinute: 120, stored: 5000, pruneEvery: 50 },
  records: { perMinute: 120, stored: 1000 },
  orders: { perMinute: 30, pending: 20, closedKept: 100 },
  jobRecords: { perMinute: 240 },
  watchSnapshots: { perMinute: 600 },
  watchTests: { perMinute: 10 },
});

/** The password printed for the demo accounts; a public demo must not use it. */
export const DEFAULT_DEMO_PASSWORD = 'tessera-demo';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; unset = embedded PGlite */
  databaseUrl: string | null;
  /** PGlite data directory (default DATA_DIR/pglite); 'memory://' keeps it in memory (tests) */
  pgliteDir: string;
  smtpUrl: string | null;
  mailFrom: string;
  demo: boolean;
  demoPublic: boolean;
  /** password of the demo operator (the published one by default) */
  demoPassword: string;
  /**
   * password of the demo admin: TESSERA_DEMO_ADMIN_PASSWORD, else made at start and printed on the console only,
   * so the published demo password never opens administration (docs/DECISIONS.md, "The demo behind a proxy")
   */
  demoAdminPassword: string;
  /** whether demoAdminPassword was made at start (main.ts prints it) */
  demoAdminPasswordGenerated: boolean;
  adminEmail: string | null;
  /** the Graph API version until an admin sets one (TESSERA_GRAPH_VERSION, default v24.0; server/platform.ts) */
  graphVersion: string;
  websocketUrl: string | null;
  paymentPublicKey: string | null;
  /** default payment provider id; unset = 'sandbox' in demo mode, else 'manual' */
  paymentProvider: string | null;
  /** extra payment providers (a real provider's adapter plugs in here) */
  paymentProviders: PaymentProvider[];
  /** false: the socket address is the client; a hop count or a list of proxy addresses/CIDR ranges to trust (TESSERA_TRUST_PROXY) */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** maximum request body in bytes (413 above) */
  bodyLimit: number;
  distDir: string;
  /** where the companion extension lives; its manifest version is the default latest record */
  extensionDir: string;
  packageJsonPath: string;
  logLevel: string;
  rateLimits: RateLimits;
  userLimits: UserLimits;
  /**
   * TESSERA_RATE_LIMIT_SCALE (benchmarks only): multiplies the per-address account-endpoint limit and the per-user
   * insert limits. Refused above 1 outside a loopback demo (checkConfig); the failed-login locks are never scaled.
   */
  rateLimitScale: number;
  /** days the watch keeps changes until an admin sets `watchRetentionDays` (TESSERA_WATCH_RETENTION_DAYS, default 90) */
  watchRetentionDays: number;
  /**
   * TESSERA_WEBHOOK_ALLOW_LOOPBACK=1 (tests and the local demo only): watch channels may send to a loopback
   * address over http (a local receiver); private, link-local and the other refused ranges stay refused.
   * Accepted only by a demo server on a loopback address (checkConfig).
   */
  webhookAllowLoopback: boolean;
  /** where Telegram channels send (TESSERA_TELEGRAM_API, default https://api.telegram.org): `<api>/bot<token>/sendMessage` */
  telegramApi: string;
  /** how the watch's delivery resolves a host name (tests inject one); default: the system resolver, every address */
  webhookResolve: ((host: string) => Promise<{ address: string; family: number }[]>) | null;
  /** how often each instance looks for due alert messages (TESSERA_WATCH_OUTBOX_MS, default 5000; 0 = no timer, tests drive it) */
  watchOutboxPollMs: number;
  /** the product's address, for the links in alert messages (TESSERA_PUBLIC_URL, default http://<HOST>:<PORT>) */
  publicUrl: string;
  /** milliseconds since the epoch; tests move it forward to test expiry and rotation */
  clock: () => number;
  /**
   * Hook for the graph sandbox: called in demo mode after the API is registered, so a later issue can
   * mount the sandbox at /__graph on the same origin (`app.register(sandbox, { prefix: '/__graph' })`).
   */
  mountDemoGraph: ((app: FastifyInstance) => Promise<void> | void) | null;
}

export class ConfigError extends Error {}

const root = path.resolve(import.meta.dirname, '..');

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i;

export function isLoopback(host: string): boolean {
  return LOOPBACK.test(host.trim());
}

/** The host name of a Host header value ("localhost:8080" → "localhost", "[::1]:8080" → "[::1]"), or null when malformed. */
export function hostnameOf(hostHeader: string): string | null {
  const value = hostHeader.trim();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0 || !/^(:\d{1,5})?$/.test(value.slice(end + 1))) return null;
    return value.slice(0, end + 1);
  }
  const m = /^([^:]+)(:\d{1,5})?$/.exec(value);
  return m ? m[1]! : null;
}

/**
 * TESSERA_TRUST_PROXY: unset/0/false = trust nothing (the socket address is the client); a number = that many
 * proxy hops in front of the server; else a comma-separated list of proxy addresses or CIDR ranges. Never "trust
 * all", which would take the leftmost (client-chosen) X-Forwarded-For entry (docs/DECISIONS.md).
 */
function trustProxy(value: string | undefined): ServerConfig['trustProxy'] {
  const v = value?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
  const hops = ['1', 'true', 'yes', 'on'].includes(v) ? 1 : /^\d+$/.test(v) ? Math.min(Number(v), 10) : 0;
  // n hops: the n addresses nearest the server are proxies, the next one is the client
  if (hops) return (_address, hop) => hop < hops;
  return v.split(',').map((x) => x.trim()).filter(Boolean);
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function text(value: string | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

function int(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${value}")`);
  return n;
}

/**
 * The soft per-address login limit (docs/DECISIONS.md): past this many failed password checks for one address
 * within the hour, from any sources, a login needs the unlock code mailed to the address. It never refuses the owner.
 */
export const UNLOCK_AFTER = Math.max(1, Number(process.env.TESSERA_LOGIN_UNLOCK_AFTER) || 10);

export const defaultRateLimits = (authPerIp = 300): RateLimits => ({
  loginPerEmail: { limit: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 },
  loginPerIp: { limit: 30, windowMs: 15 * 60_000, blockMs: 15 * 60_000 },
  loginSoft: { limit: UNLOCK_AFTER, windowMs: 3600_000, blockMs: 3600_000 },
  authPerIp: { limit: authPerIp, windowMs: 10 * 60_000, blockMs: 10 * 60_000 },
});

/** The limits a benchmark raises: account-endpoint calls per address and the per-user inserts a minute. */
function scaleLimits(rateLimits: RateLimits, userLimits: UserLimits, scale: number): void {
  if (scale === 1) return;
  rateLimits.authPerIp.limit *= scale;
  for (const action of ['visits', 'records', 'orders', 'jobRecords', 'watchSnapshots'] as const) userLimits[action].perMinute *= scale;
}

/** Reads the environment; throws ConfigError for a setting the server cannot start with. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const rateLimitScale = int('TESSERA_RATE_LIMIT_SCALE', env.TESSERA_RATE_LIMIT_SCALE, 1, 1, 100_000);
  const rateLimits = defaultRateLimits(int('TESSERA_AUTH_RATE_LIMIT', env.TESSERA_AUTH_RATE_LIMIT, 300, 1, 1_000_000));
  const userLimits = defaultUserLimits();
  scaleLimits(rateLimits, userLimits, rateLimitScale);
  const dataDir = path.resolve(text(env.DATA_DIR) ?? path.join(root, 'data'));
  const websocketUrl = text(env.TESSERA_WEBSOCKET_URL);
  if (websocketUrl && !/^wss?:\/\/[^\s]+$/i.test(websocketUrl)) throw new ConfigError(`TESSERA_WEBSOCKET_URL must start with ws:// or wss:// (got "${websocketUrl}")`);
  const graphVersion = text(env.TESSERA_GRAPH_VERSION) ?? DEFAULT_GRAPH_VERSION;
  if (!isGraphVersion(graphVersion)) throw new ConfigError(`TESSERA_GRAPH_VERSION must name a Graph API version such as v24.0 (got "${graphVersion}")`);
  const config: ServerConfig = {
    port: int('PORT', env.PORT, 8080, 0, 65535),
    host: text(env.HOST) ?? '127.0.0.1',
    dataDir,
    databaseUrl: text(env.DATABASE_URL),
    pgliteDir: path.join(dataDir, 'pglite'),
    smtpUrl: text(env.SMTP_URL),
    mailFrom: text(env.TESSERA_MAIL_FROM) ?? 'Tessera <no-reply@tessera.local>',
    demo: flag(env.TESSERA_DEMO, true),
    demoPublic: flag(env.TESSERA_DEMO_PUBLIC, false),
    demoPassword: env.TESSERA_DEMO_PASSWORD && env.TESSERA_DEMO_PASSWORD.length > 0 ? env.TESSERA_DEMO_PASSWORD : DEFAULT_DEMO_PASSWORD,
    demoAdminPassword: env.TESSERA_DEMO_ADMIN_PASSWORD && env.TESSERA_DEMO_ADMIN_PASSWORD.length > 0 ? env.TESSERA_DEMO_ADMIN_PASSWORD : generatedPassword(),
    demoAdminPasswordGenerated: !(env.TESSERA_DEMO_ADMIN_PASSWORD && env.TESSERA_DEMO_ADMIN_PASSWORD.length > 0),
    adminEmail: text(env.TESSERA_ADMIN_EMAIL)?.toLowerCase() ?? null,
    graphVersion,
    websocketUrl,
    paymentPublicKey: text(env.TESSERA_PAYMENT_PUBLIC_KEY),
    paymentProvider: text(env.TESSERA_PAYMENT_PROVIDER),
    paymentProviders: [],
    trustProxy: trustProxy(env.TESSERA_TRUST_PROXY),
    bodyLimit: int('TESSERA_BODY_LIMIT', env.TESSERA_BODY_LIMIT, 64 * 1024, 1024, 10 * 1024 * 1024),
    distDir: path.resolve(text(env.TESSERA_DIST_DIR) ?? path.join(root, 'dist')),
    extensionDir: path.join(root, 'extension'),
    packageJsonPath: path.join(root, 'package.json'),
    logLevel: text(env.LOG_LEVEL) ?? 'info',
    rateLimits,
    userLimits,
    rateLimitScale,
    watchRetentionDays: int('TESSERA_WATCH_RETENTION_DAYS', env.TESSERA_WATCH_RETENTION_DAYS, 90, 1, WATCH_RETENTION_DAYS_MAX),
    webhookAllowLoopback: flag(env.TESSERA_WEBHOOK_ALLOW_LOOPBACK, false),
    telegramApi: (text(env.TESSERA_TELEGRAM_API) ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    webhookResolve: null,
    watchOutboxPollMs: int('TESSERA_WATCH_OUTBOX_MS', env.TESSERA_WATCH_OUTBOX_MS, 5000, 0, 3_600_000),
    publicUrl: (text(env.TESSERA_PUBLIC_URL) ?? `http://${text(env.HOST) ?? '127.0.0.1'}:${text(env.PORT) ?? '8080'}`).replace(/\/+$/, ''),
    clock: Date.now,
    mountDemoGraph: null,
    ...overrides,
  };
  checkConfig(config);
  return config;
}

/** The rules a configuration must follow before the server may start. */
export function checkConfig(config: ServerConfig): void {
  if (config.demo && !config.demoPublic && !isLoopback(config.host)) {
    throw new ConfigError(
      `Demo mode refuses to listen on the non-loopback address ${config.host}: its demo accounts have a published password. ` +
      'Set TESSERA_DEMO=0 for a real installation, or TESSERA_DEMO_PUBLIC=1 to expose the demo on purpose.',
    );
  }
  if (config.demo && config.demoPublic && config.demoPassword === DEFAULT_DEMO_PASSWORD) {
    throw new ConfigError(
      'TESSERA_DEMO_PUBLIC=1 needs a TESSERA_DEMO_PASSWORD of your own: the default demo password is published, so a public demo ' +
      'with it would hand its accounts to anyone. Set TESSERA_DEMO_PASSWORD, or leave TESSERA_DEMO_PUBLIC unset.',
    );
  }
  if (config.rateLimitScale !== 1 && !(config.demo && !config.demoPublic && isLoopback(config.host))) {
    throw new ConfigError(
      'TESSERA_RATE_LIMIT_SCALE raises rate limits for a benchmark and is accepted only by a demo server on a loopback address ' +
      '(TESSERA_DEMO=1, TESSERA_DEMO_PUBLIC unset, HOST 127.0.0.1 or ::1). Unset it.',
    );
  }
  if (config.webhookAllowLoopback && !(config.demo && !config.demoPublic && isLoopback(config.host))) {
    throw new ConfigError(
      'TESSERA_WEBHOOK_ALLOW_LOOPBACK lets alert channels send to this machine (a local test receiver) and is accepted only by a demo ' +
      'server on a loopback address (TESSERA_DEMO=1, TESSERA_DEMO_PUBLIC unset, HOST 127.0.0.1 or ::1). Unset it.',
    );
  }
  if (!/^https?:\/\/[^\s/]+/i.test(config.telegramApi)) throw new ConfigError(`TESSERA_TELEGRAM_API must be an http(s) URL (got "${config.telegramApi}")`);
  if (config.demoPassword.length < 5 || config.demoPassword.length > 30) {
    throw new ConfigError('TESSERA_DEMO_PASSWORD must be 5 to 30 characters long');
  }
  if (config.demoAdminPassword.length < 5 || config.demoAdminPassword.length > 30) {
    throw new ConfigError('TESSERA_DEMO_ADMIN_PASSWORD must be 5 to 30 characters long');
  }
  if (config.demo && config.demoAdminPassword === config.demoPassword) {
    throw new ConfigError('TESSERA_DEMO_ADMIN_PASSWORD must differ from the demo password: the demo password is shown to every visitor, the admin password opens administration.');
  }
}
