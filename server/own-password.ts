// The caller's own password, asked again in a signed-in request: changing it (routes/sessions.ts) and
// changing what the companion extension trusts (the GraphQL document catalogue, routes/graphql-docs.ts;
// a script in an admin's tab holds the page's token, not the password). A token alone must not let
// anyone guess the password, so each check counts like a login's, per address and source, in the limits
// every instance shares (server/rate-limit.ts): a slot is reserved before the check, a right password
// gives it back, a wrong one becomes a failure.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { verifyPassword } from './auth/passwords';
import { caller, type AppContext } from './context';
import { users } from './db/schema';
import { ApiError, Code, rateLimited } from './envelope';
import type { MessageKey } from './i18n';
import { LOGIN_WAIT_MS, sourceKey } from './rate-limit';

/** Is `password` the caller's own? Throws 429 while failed checks block the address and source. */
export async function isOwnPassword(ctx: AppContext, req: FastifyRequest, password: string): Promise<boolean> {
  const me = caller(req.auth).user;
  const pair = `${me.email}|${sourceKey(req.ip)}`;
  const limiter = ctx.limits.loginPerEmail;
  const slot = await limiter.waitForSlot(pair, LOGIN_WAIT_MS);
  if ('blockedFor' in slot) throw rateLimited(slot.blockedFor, 'loginLocked');
  if (!slot.ok) throw rateLimited(1);
  let right = false;
  try {
    // read afresh: the cached user may be up to 2 s old when another instance changed the password
    const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id)).limit(1);
    right = await verifyPassword(row?.passwordHash ?? null, password);
  } finally {
    if (right) await limiter.release(pair);
    else await limiter.fail(pair);
  }
  return right;
}

/** The caller's own password, or 40001 with `message` (nothing was changed). */
export async function requireOwnPassword(ctx: AppContext, req: FastifyRequest, password: string, message: MessageKey): Promise<void> {
  if (!(await isOwnPassword(ctx, req, password))) throw new ApiError(Code.BAD_CREDENTIALS, message);
}
