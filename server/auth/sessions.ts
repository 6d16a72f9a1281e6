// Bearer tokens: 256-bit random, stored as sha-256, idle expiry 30 days, rotated after 7 days with a
// 60-second grace for the old token (docs/INTERFACES.md section 3).
import crypto from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import { ApiError, Code } from '../envelope';
import type { Executor } from '../db';
import type { AppContext, AuthState } from '../context';
import { unwatched } from '../read-cache';

export const IDLE_MS = 30 * 24 * 3600_000;
export const ROTATE_AFTER_MS = 7 * 24 * 3600_000;
export const ROTATION_GRACE_MS = 60_000;
// last_used_at is written at most this often, so reads do not each cost a write
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** `Bearer <token>` or the bare token; null when there is nothing usable. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^bearer\s+/i, '').trim();
  return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
}

export async function createSession(ctx: AppContext, userId: number, client: { ip: string; userAgent: string }, exec: Executor = ctx.db): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = ctx.now();
  await exec.insert(sessions).values({
    userId, tokenHash: hashToken(token), createdAt: now, lastUsedAt: now, ip: client.ip.slice(0, 64), userAgent: client.userAgent.slice(0, 300),
  });
  return token;
}

/** Revokes the user's other live sessions (or all of them when keepSessionId is null). */
export async function revokeUserSessions(exec: Executor, now: Date, userId: number, reason: string, keepSessionId: number | null = null): Promise<void> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await exec.update(sessions).set({ revokedAt: now, revokeReason: reason })
    .where(keepSessionId === null ? live : and(live, ne(sessions.id, keepSessionId)));
}

export async function revokeSession(ctx: AppContext, sessionId: number, reason: string): Promise<void> {
  await ctx.db.update(sessions).set({ revokedAt: ctx.now(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

const refuse = (code: number, key: 'tokenFailed' | 'loggedInElsewhere' | 'sessionExpired') => new ApiError(code, key);

export async function authenticate(ctx: AppContext, token: string): Promise<AuthState> {
  const now = ctx.now();
  const tokenHash = hashToken(token);
  // server/read-cache.ts: a copy of at most READ_CACHE_TTL_MS, dropped by any write to sessions or users
  const row = await ctx.readCache.load(`session:${tokenHash}`, now.getTime(), async () => {
    const [found] = await ctx.db.select({ session: sessions, user: users }).from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return found;
  });
  if (!row) throw refuse(Code.TOKEN_INVALID, 'tokenFailed');
  const { session, user } = row;
  let inGrace = false;
  if (session.revokedAt) {
    switch (session.revokeReason) {
      case 'superseded': throw refuse(Code.LOGGED_IN_ELSEWHERE, 'loggedInElsewhere');
      case 'expired': throw refuse(Code.SESSION_EXPIRED, 'sessionExpired');
      case 'rotated':
        if (now.getTime() - session.revokedAt.getTime() > ROTATION_GRACE_MS) throw refuse(Code.TOKEN_INVALID, 'tokenFailed');
        inGrace = true;
        break;
      default: throw refuse(Code.TOKEN_INVALID, 'tokenFailed');
    }
  }
  if (now.getTime() - session.lastUsedAt.getTime() > IDLE_MS) {
    await revokeSession(ctx, session.id, 'expired');
    throw refuse(Code.SESSION_EXPIRED, 'sessionExpired');
  }
  if (user.status !== 'active') throw refuse(Code.TOKEN_INVALID, 'tokenFailed');
  if (!inGrace && now.getTime() - session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    // only last_used_at changes, and the cached copy is updated with it: no need to drop the cache
    await unwatched(ctx.db).update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, session.id));
    session.lastUsedAt = now;
  }
  return { user, sessionId: session.id, rotate: !inGrace && now.getTime() - session.createdAt.getTime() > ROTATE_AFTER_MS };
}

/**
 * Replaces the session by a new one. Only the first of several parallel callers wins (the update is
 * conditional); the others get null and their answer goes out without a new token.
 */
export async function rotateSession(ctx: AppContext, auth: AuthState): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [old] = await tx.update(sessions).set({ revokedAt: now, revokeReason: 'rotated' })
      .where(and(eq(sessions.id, auth.sessionId), isNull(sessions.revokedAt))).returning({ ip: sessions.ip, userAgent: sessions.userAgent });
    if (!old) return null;
    return createSession(ctx, auth.user.id, { ip: old.ip, userAgent: old.userAgent }, tx);
  });
}
