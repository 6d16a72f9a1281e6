// The admin's password, asked again in the very request that changes what the extension trusts (the
// GraphQL document catalogue; docs/INTERFACES.md section 9): a script running in an admin's tab holds
// the page's token, not the password, so it cannot rebind an operation name to another document.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { verifyPassword } from './auth/passwords';
import type { AppContext } from './context';
import { caller } from './context';
import { users } from './db/schema';
import { ApiError, Code, rateLimited } from './envelope';
import { RateLimiter } from './rate-limit';

/** Wrong passwords allowed per admin in a quarter of an hour before the re-check is blocked for that long. */
export const ADMIN_PASSWORD_FAILURES = 5;
const WINDOW_MS = 15 * 60_000;

const limiters = new WeakMap<AppContext, RateLimiter>();

export async function requireAdminPassword(ctx: AppContext, req: FastifyRequest, password: string): Promise<void> {
  const me = caller(req.auth).user;
  let limiter = limiters.get(ctx);
  if (!limiter) limiters.set(ctx, (limiter = new RateLimiter({ limit: ADMIN_PASSWORD_FAILURES, windowMs: WINDOW_MS, blockMs: WINDOW_MS }, () => ctx.now().getTime())));
  const key = String(me.id);
  const wait = limiter.blockedFor(key);
  if (wait) throw rateLimited(wait);
  const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id)).limit(1);
  if (!(await verifyPassword(row?.passwordHash ?? null, password))) {
    limiter.fail(key);
    throw new ApiError(Code.BAD_CREDENTIALS, 'adminPasswordWrong');
  }
}
