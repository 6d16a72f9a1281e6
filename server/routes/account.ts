// The account flows of docs/INTERFACES.md section 3: register, codes, activation, reset, login, logout.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema';
import { ApiError, Code, ok, rateLimited } from '../envelope';
import { t } from '../i18n';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { consumeCodes, dropCode, issueCode, verifyCode, type CodePurpose } from '../auth/codes';
import { createSession, revokeSession, revokeUserSessions } from '../auth/sessions';
import { getSettings } from '../policy';
import { normaliseEmail } from '../users';
import { caller, type AppContext, type UserRow } from '../context';
import { mailQueue } from '../mail';
import { LOGIN_WAIT_MS, sourceKey, type RateLimiter } from '../rate-limit';
import { mailPasswordNotice } from './sessions';
import * as s from '../schemas';
import { API } from '../../protocol/api';
import { route } from '../route';

export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function findUser(ctx: AppContext, email: string): Promise<UserRow | null> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

function clientOf(req: FastifyRequest) {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
}

/** Every account endpoint counts against the caller's IP (an IPv6 address by its /64). */
async function limitByIp(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const wait = await ctx.limits.authPerIp.hit(sourceKey(req.ip));
  if (wait) throw rateLimited(wait);
}

export { UNLOCK_AFTER } from '../config';

/** Forgets the failed logins of an address (after a successful password reset). */
async function clearLoginCounters(ctx: AppContext, email: string): Promise<void> {
  await ctx.limits.loginPerEmail.resetPrefix(`${email}|`);
  await ctx.limits.loginSoft.reset(email);
}

const MAIL_TEMPLATES = {
  activation: ['mailActivationSubject', 'mailActivationText'],
  reset: ['mailResetSubject', 'mailResetText'],
  unlock: ['mailUnlockSubject', 'mailUnlockText'],
  registered: ['mailResetSubject', 'mailRegisteredText'],
} as const;

/**
 * Issues a code and queues its mail when `deliver` is true. A code is issued (and the one-a-minute and
 * ten-a-day rules apply) even when nothing is mailed, and the mail goes out after the answer, so neither
 * the answers nor their timing tell whether an address has an account.
 */
async function sendCode(ctx: AppContext, req: FastifyRequest, email: string, purpose: CodePurpose, deliver: boolean, template: keyof typeof MAIL_TEMPLATES = purpose) {
  const { id, code } = await issueCode(ctx, email, purpose);
  if (!deliver) return;
  const [subject, text] = MAIL_TEMPLATES[template];
  const log = req.log;
  mailQueue(ctx.mailer).enqueue({ to: email, subject: t(req.lang, subject), text: t(req.lang, text, { code }), code }, async (err) => {
    log.warn({ mailError: err.message, purpose }, 'mail could not be sent');
    // the user may ask for a new code at once
    await dropCode(ctx, id);
  });
}

/** sendCode, where "a code went out less than a minute ago" (or the day's codes are used up) is no error. */
async function sendCodeQuietly(...args: Parameters<typeof sendCode>): Promise<void> {
  try {
    await sendCode(...args);
  } catch (err) {
    if (!(err instanceof ApiError && err.code === Code.RATE_LIMITED)) throw err;
  }
}

const sha256 = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest('hex');

/** The registration nonce travels in an HttpOnly cookie per address, sent back only to the activation call. */
function registrationCookie(email: string): string {
  return `tessera_reg_${sha256(email).slice(0, 16)}`;
}

function readCookie(req: FastifyRequest, name: string): string | null {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function setRegistrationCookie(req: FastifyRequest, reply: FastifyReply, email: string, nonce: string | null): void {
  const secure = req.protocol === 'https' ? '; Secure' : '';
  const value = nonce ? `${nonce}; Max-Age=${24 * 3600}` : '; Max-Age=0';
  reply.header('set-cookie', `${registrationCookie(email)}=${value}; Path=/api/user/emailActivation; HttpOnly; SameSite=Strict${secure}`);
}

/**
 * The role of a new account: admin for TESSERA_ADMIN_EMAIL only. Being first makes nobody admin; without
 * an admin address the first admin uses the bootstrap token (server/bootstrap.ts, docs/DECISIONS.md).
 */
async function roleForNewAccount(ctx: AppContext, email: string): Promise<'admin' | 'user'> {
  return ctx.config.adminEmail && email === ctx.config.adminEmail ? 'admin' : 'user';
}

async function logIn(ctx: AppContext, req: FastifyRequest, user: UserRow): Promise<string> {
  const now = ctx.now();
  if ((await getSettings(ctx)).singleSessionPerUser) await revokeUserSessions(ctx.db, now, user.id, 'superseded');
  await ctx.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return createSession(ctx, user.id, clientOf(req));
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.account.register, {
    schema: { body: s.object({ email: s.email, password: s.password, confirmPassword: s.password, agree: { type: 'boolean' } }, ['email', 'password', 'confirmPassword', 'agree']) },
  }, async (req, reply) => {
    await limitByIp(ctx, req);
    const { password, confirmPassword, agree } = req.body;
    if (!agree) throw new ApiError(Code.MUST_AGREE, 'mustAgree');
    if (password !== confirmPassword) throw new ApiError(Code.PASSWORD_MISMATCH, 'passwordMismatch');
    const email = normaliseEmail(req.body.email);
    // The same work and the same answer whether or not the address has an account (docs/DECISIONS.md):
    // the password is always hashed, a code always issued, a mail (if any) always queued.
    const passwordHash = await hashPassword(password);
    const nonce = crypto.randomBytes(32).toString('base64url');
    const registrationHash = sha256(nonce);
    const now = ctx.now();
    let existing = await findUser(ctx, email);
    if (!existing) {
      try {
        await ctx.db.insert(users).values({ email, passwordHash, registrationHash, role: await roleForNewAccount(ctx, email), status: 'pending', createdAt: now, updatedAt: now });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        existing = await findUser(ctx, email);
      }
    }
    if (existing?.status === 'pending') {
      // Registering again before activation: this browser's password is the one kept, but only if this
      // browser activates (its nonce); any other activation leaves the account without a usable password.
      await ctx.db.update(users).set({ passwordHash, registrationHash, updatedAt: now }).where(and(eq(users.id, existing.id), eq(users.status, 'pending')));
    }
    if (existing && existing.status !== 'pending') {
      // An account exists: its owner is told by mail (with a reset code); the answer is that of a new address.
      await sendCodeQuietly(ctx, req, email, 'reset', existing.status === 'active', 'registered');
    } else {
      await sendCodeQuietly(ctx, req, email, 'activation', true);
    }
    setRegistrationCookie(req, reply, email, nonce);
    return ok(req.lang, { email, activation: 'required' });
  });

  route(app, API.account.sendCode, {
    schema: { body: s.object({ email: s.email, purpose: s.purpose }, ['email', 'purpose']) },
  }, async (req) => {
    await limitByIp(ctx, req);
    const email = normaliseEmail(req.body.email);
    const { purpose } = req.body;
    const user = await findUser(ctx, email);
    const deliver = purpose === 'activation' ? user?.status === 'pending' : Boolean(user && user.status !== 'disabled');
    await sendCode(ctx, req, email, purpose, deliver);

    return ok(req.lang, { email, purpose });
  });

  route(app, API.account.checkCode, {
    schema: { body: s.object({ email: s.email, code: s.code, purpose: s.purpose }, ['email', 'code', 'purpose']) },
  }, async (req) => {
    await limitByIp(ctx, req);
    await verifyCode(ctx, normaliseEmail(req.body.email), req.body.purpose, req.body.code, false);
    return ok(req.lang, { valid: true });
  });

  route(app, API.account.activate, {
    schema: { body: s.object({ email: s.email, code: s.code }, ['email', 'code']) },
  }, async (req, reply) => {
    await limitByIp(ctx, req);
    const email = normaliseEmail(req.body.email);
    // The code first: without it nothing about the address is told.
    await verifyCode(ctx, email, 'activation', req.body.code, true);
    const user = await findUser(ctx, email);
    if (!user) throw new ApiError(Code.CODE_INVALID, 'codeInvalid');
    if (user.status === 'active') throw new ApiError(Code.ALREADY_ACTIVE, 'alreadyActive');
    if (user.status === 'disabled') throw new ApiError(Code.DEACTIVATED, 'deactivated');
    // The chosen password is kept only when the browser that registered last activates (docs/DECISIONS.md).
    const nonce = readCookie(req, registrationCookie(email));
    const keep = Boolean(nonce && user.registrationHash && crypto.timingSafeEqual(Buffer.from(sha256(nonce!)), Buffer.from(user.registrationHash)));
    const now = ctx.now();
    const [activated] = await ctx.db.update(users)
      .set({ status: 'active', activatedAt: now, updatedAt: now, registrationHash: null, ...(keep ? {} : { passwordHash: '' }) })
      .where(and(eq(users.id, user.id), eq(users.status, 'pending'))).returning({ id: users.id });
    if (!activated) throw new ApiError(Code.ALREADY_ACTIVE, 'alreadyActive');
    setRegistrationCookie(req, reply, email, null);
    if (keep) return ok(req.lang, { token: await logIn(ctx, req, user), email });
    // The mailbox is proven, the password is not: the owner sets one with the reset code mailed now.
    await sendCodeQuietly(ctx, req, email, 'reset', true);
    return ok(req.lang, { email, passwordRequired: true });
  });


  route(app, API.account.forgotPassword, {
    schema: { body: s.object({ email: s.email }, ['email']) },
  }, async (req) => {
    await limitByIp(ctx, req);
    const email = normaliseEmail(req.body.email);
    const user = await findUser(ctx, email);
    await sendCode(ctx, req, email, 'reset', Boolean(user && user.status !== 'disabled'));

    return ok(req.lang, { email });
  });

  route(app, API.account.createPassword, {
    schema: { body: s.object({ email: s.email, code: s.code, password: s.password, confirmPassword: s.password }, ['email', 'code', 'password', 'confirmPassword']) },
  }, async (req) => {
    await limitByIp(ctx, req);
    const { code, password, confirmPassword } = req.body;
    if (password !== confirmPassword) throw new ApiError(Code.PASSWORD_MISMATCH, 'passwordMismatch');
    const email = normaliseEmail(req.body.email);
    await verifyCode(ctx, email, 'reset', code, true);
    const user = await findUser(ctx, email);
    if (!user) throw new ApiError(Code.CODE_INVALID, 'codeInvalid');
    if (user.status === 'disabled') throw new ApiError(Code.DEACTIVATED, 'deactivated');
    const passwordHash = await hashPassword(password);
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      // The code proves the address, so a pending account is activated by the reset too.
      await tx.update(users).set({ passwordHash, registrationHash: null, status: 'active', activatedAt: user.activatedAt ?? now, updatedAt: now }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, now, user.id, 'password');
    });
    await clearLoginCounters(ctx, email);
    if (user.status === 'active') mailPasswordNotice(ctx, req, email, 'reset');

    return ok(req.lang, { token: await logIn(ctx, req, user), email });
  });

  route(app, API.account.login, {
    schema: { body: s.object({ email: s.email, password: s.password, unlockCode: s.code }, ['email', 'password']) },
  }, async (req) => {
    const email = normaliseEmail(req.body.email);
    // Hard limits per address AND source, and per source (docs/DECISIONS.md): a stranger locks out only himself.
    // While a lock from failed guesses holds, nothing is checked.
    const src = sourceKey(req.ip);
    const pair = `${email}|${src}`;
    const { loginPerEmail, loginPerIp, loginSoft, authPerIp } = ctx.limits;
    const locked = Math.max(await loginPerEmail.blockedFor(pair), await loginPerIp.blockedFor(src));
    if (locked) throw rateLimited(locked, 'loginLocked');
    await limitByIp(ctx, req);
    const { unlockCode } = req.body;
    // A slot of each limit is reserved BEFORE the password check (so parallel guesses cannot pass the limits)
    // and given back when the password is right (so right passwords never count toward a lock). Slots are
    // taken in one order (address, address|source, source), waiting while checks under way fill a window.
    const held: [RateLimiter, string][] = [];
    const giveBack = async () => { for (const [limiter, key] of held.splice(0)) await limiter.release(key); };
    try {
      if (!unlockCode) {
        const slot = await loginSoft.waitForSlot(email, LOGIN_WAIT_MS);
        if ('blockedFor' in slot) {
          const user = await findUser(ctx, email);
          await sendCodeQuietly(ctx, req, email, 'unlock', Boolean(user && user.status !== 'disabled'));
          throw new ApiError(Code.UNLOCK_REQUIRED, 'unlockRequired', {}, 200, { email, unlock: 'required' });
        }
        if (!slot.ok) throw rateLimited(1);
        held.push([loginSoft, email]);
      }
      for (const [limiter, key] of [[loginPerEmail, pair], [loginPerIp, src]] as const) {
        const slot = await limiter.waitForSlot(key, LOGIN_WAIT_MS);
        if ('blockedFor' in slot) throw rateLimited(slot.blockedFor, 'loginLocked');
        if (!slot.ok) throw rateLimited(1);
        held.push([limiter, key]);
      }
      if (unlockCode) await verifyCode(ctx, email, 'unlock', unlockCode, false);
    } catch (err) {
      await giveBack();
      throw err;
    }
    let user: UserRow | null;
    let right: boolean;
    try {
      user = await findUser(ctx, email);
      right = await verifyPassword(user?.passwordHash ?? null, req.body.password);
    } catch (err) {
      // no answer about the password (a database error): nothing is counted
      await giveBack();
      throw err;
    }
    if (!right) {
      for (const [limiter, key] of held.splice(0)) await limiter.fail(key);
      throw new ApiError(Code.BAD_CREDENTIALS, 'invalidCredentials');
    }
    // The right password: every slot is given back, and the call does not count toward the per-source
    // limit of account calls either. The window's failures stay: at most `limit` fail per window.
    await giveBack();
    await authPerIp.refund(src);
    if (unlockCode) await consumeCodes(ctx, email, 'unlock');
    // The account's state is told only to someone who knows its password.
    if (user!.status === 'pending') throw new ApiError(Code.NOT_ACTIVATED, 'notActivated', {}, 200, { email, activation: 'required' });
    if (user!.status === 'disabled') throw new ApiError(Code.DEACTIVATED, 'deactivated');
    return ok(req.lang, { token: await logIn(ctx, req, user!), email, role: user!.role });
  });

  route(app, API.account.logout, { config: { auth: 'user' }, schema: { body: s.noBody, querystring: s.noQuery } }, async (req) => {
    const auth = caller(req.auth);
    auth.rotate = false;
    await revokeSession(ctx, auth.sessionId, 'logout');
    return ok(req.lang, null);
  });
}
