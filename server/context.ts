// What every route needs, hung on the fastify instance as `app.ctx`, plus the request decorations.
import type { ServerConfig } from './config';
import type { Db } from './db';
import type { Lang } from './i18n';
import type { Mailer } from './mail';
import type { RateLimiter } from './rate-limit';
import type { PaymentRegistry } from './payments';
import type { users } from './db/schema';
import type { ReadCache } from './read-cache';
import type { OrgScope } from './org/scope';

export type UserRow = typeof users.$inferSelect;

export interface AppContext {
  config: ServerConfig;
  /** the database handle; its writes to the tables readCache copies from drop readCache */
  db: Db;
  /** short-lived copies of sessions, users, the plugin policy and unseen announcements (server/read-cache.ts) */
  readCache: ReadCache;
  dbKind: 'pglite' | 'postgres';
  now(): Date;
  mailer: Mailer;
  /** the limit counters, kept in the database (server/rate-limit.ts) */
  limits: {
    /** failed-or-running password checks per address and source */
    loginPerEmail: RateLimiter;
    /** failed-or-running password checks per source */
    loginPerIp: RateLimiter;
    /** failed-or-running password checks per address from any source; past it the unlock code is needed */
    loginSoft: RateLimiter;
    /** calls of the account endpoints per source */
    authPerIp: RateLimiter;
    /** calls a minute of the row-inserting endpoints, per user */
    perUser: Record<'visits' | 'records' | 'orders' | 'jobRecords' | 'watchSnapshots' | 'watchTests', RateLimiter>;
  };
  payments: PaymentRegistry;
  webVersion: string;
  /** the instance's alert delivery timer (server/watch/outbox.ts); `kick` asks for a run soon */
  watchOutbox?: { kick(): void; stop(): Promise<void> };
}

/** Who may call a route: anyone ('none', the default), any signed-in user, or admins only. */
export type AuthMode = 'none' | 'user' | 'admin';

export interface AuthState {
  user: UserRow;
  sessionId: number;
  /** the token is older than 7 days: a successful answer rotates it */
  rotate: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    lang: Lang;
    auth: AuthState | null;
    /** the organisation the request acts in (its `x-tessera-org`, membership checked), null for the caller's own work */
    org: OrgScope | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
}

/** The caller of a route whose auth mode is 'user' or 'admin' (the hook has already refused anyone else). */
export function caller(auth: AuthState | null): AuthState {
  if (!auth) throw new Error('route declared without auth reached a handler that needs the caller');
  return auth;
}
