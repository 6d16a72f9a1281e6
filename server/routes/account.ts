// The account flows of docs/INTERFACES.md section 3: register, codes, activation, reset, login, logout.
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../db/schema';
import { ApiError, Code, ok, rateLimited } from '../envelope';
import { t } from '../i18n';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { assertMaySend, dropCode, issueCode, verifyCode, type CodePurpose } from '../auth/codes';
import { createSession, revokeSession, revokeUserSessions } from '../auth/sessions';
import { getSettings } from '../policy';
import { normaliseEmail } from '../users';
import { caller, type AppContext, type UserRow } from '../context';
import * as s from '../schemas';

interface RegisterBody { email: string; password: string; confirmPassword: string; agree: boolean }
interface EmailBody { email: string }
interface SendBody { email: string; purpose: CodePurpose }
interface CheckBody { email: string; code: string; purpose: CodePurpose }
interface ActivationBody { email: string; code: string }
interface ResetBody { email: string; code: string; password: string; confirmPassword: string }
interface LoginBody { email: string; password: string }

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

/** Every account endpoint counts against the caller's IP. */
function limitByIp(ctx: AppContext, req: FastifyRequest): void {
  const wait = ctx.limits.authPerIp.blockedFor(req.ip) || ctx.limits.authPerIp.hit(req.ip);
  if (wait) throw rateLimited(wait);
}

/**
 * Issues a code and mails it when `deliver` is true. A code is issued (and the one-a-minute rule
 * applies) even when nothing is mailed, so the answers never tell whether an address has an account.
 */
async function sendCode(ctx: AppContext, req: FastifyRequest, email: string, purpose: CodePurpose, deliver: boolean, reportFailure: boolean) {
  await assertMaySend(ctx, email, purpose);
  const { id, code } = await issueCode(ctx, email, purpose);
  if (!deliver) return;
  const [subject, text] = purpose === 'activation' ? (['mailActivationSubject', 'mailActivationText'] as const) : (['mailResetSubject', 'mailResetText'] as const);
  try {
    await ctx.mailer.send({ to: email, subject: t(req.lang, subject), text: t(req.lang, text, { code }), code });
  } catch (err) {
    req.log.warn({ mailError: (err as Error).message, purpose }, 'mail could not be sent');
    await dropCode(ctx, id);
    if (reportFailure) throw new ApiError(Code.MAIL_FAILED, 'mailFailed');
  }
}

/** The role of a new account: admin for TESSERA_ADMIN_EMAIL, or for the first account while no admin exists. */
async function roleForNewAccount(ctx: AppContext, email: string): Promise<'admin' | 'user'> {
  if (ctx.config.adminEmail && email === ctx.config.adminEmail) return 'admin';
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), ne(users.status, 'disabled'))).limit(1);
  return admin ? 'user' : 'admin';
}

async function logIn(ctx: AppContext, req: FastifyRequest, user: UserRow): Promise<string> {
  const now = ctx.now();
  if ((await getSettings(ctx)).singleSessionPerUser) await revokeUserSessions(ctx.db, now, user.id, 'superseded');
  await ctx.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return createSession(ctx, user.id, clientOf(req));
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.post<{ Body: RegisterBody }>('/api/user/register', {
    schema: { body: s.object({ email: s.email, password: s.password, confirmPassword: s.password, agree: { type: 'boolean' } }, ['email', 'password', 'confirmPassword', 'agree']) },
  }, async (req) => {
    limitByIp(ctx, req);
    const { password, confirmPassword, agree } = req.body;
    if (!agree) throw new ApiError(Code.MUST_AGREE, 'mustAgree');
    if (password !== confirmPassword) throw new ApiError(Code.PASSWORD_MISMATCH, 'passwordMismatch');
    const email = normaliseEmail(req.body.email);
    const existing = await findUser(ctx, email);
    if (existing && existing.status !== 'pending') throw new ApiError(Code.EMAIL_TAKEN, 'emailTaken');
    const passwordHash = await hashPassword(password);
    const now = ctx.now();
    if (existing) {
      // Registering again before activating: the newest password counts, the code goes out again.
      await ctx.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, existing.id));
    } else {
      try {
        await ctx.db.insert(users).values({ email, passwordHash, role: await roleForNewAccount(ctx, email), status: 'pending', createdAt: now, updatedAt: now });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError(Code.EMAIL_TAKEN, 'emailTaken');
        throw err;
      }
    }
    try {
      await sendCode(ctx, req, email, 'activation', true, true);
    } catch (err) {
      // A code sent less than a minute ago is still good: no need to refuse the registration.
      if (!(err instanceof ApiError && err.code === Code.RATE_LIMITED)) throw err;
    }
    return ok(req.lang, { email, activation: 'required' });
  });

  app.post<{ Body: SendBody }>('/api/ems/send', {
    schema: { body: s.object({ email: s.email, purpose: s.purpose }, ['email', 'purpose']) },
  }, async (req) => {
    limitByIp(ctx, req);
    const email = normaliseEmail(req.body.email);
    const { purpose } = req.body;
    const user = await findUser(ctx, email);
    const deliver = purpose === 'activation' ? user?.status === 'pending' : Boolean(user && user.status !== 'disabled');
    await sendCode(ctx, req, email, purpose, deliver, purpose === 'activation');
    return ok(req.lang, { email, purpose });
  });

  app.post<{ Body: CheckBody }>('/api/ems/check', {
    schema: { body: s.object({ email: s.email, code: s.code, purpose: s.purpose }, ['email', 'code', 'purpose']) },
  }, async (req) => {
    limitByIp(ctx, req);
    await verifyCode(ctx, normaliseEmail(req.body.email), req.body.purpose, req.body.code, false);
    return ok(req.lang, { valid: true });
  });

  app.post<{ Body: ActivationBody }>('/api/user/emailActivation', {
    schema: { body: s.object({ email: s.email, code: s.code }, ['email', 'code']) },
  }, async (req) => {
    limitByIp(ctx, req);
    const email = normaliseEmail(req.body.email);
    const user = await findUser(ctx, email);
    if (user?.status === 'active') throw new ApiError(Code.ALREADY_ACTIVE, 'alreadyActive');
    if (user?.status === 'disabled') throw new ApiError(Code.DEACTIVATED, 'deactivated');
    await verifyCode(ctx, email, 'activation', req.body.code, true);
    if (!user) throw new ApiError(Code.CODE_INVALID, 'codeInvalid');
    const now = ctx.now();
    await ctx.db.update(users).set({ status: 'active', activatedAt: now, updatedAt: now }).where(and(eq(users.id, user.id), eq(users.status, 'pending')));
    return ok(req.lang, { token: await logIn(ctx, req, user), email });
  });

  app.post<{ Body: EmailBody }>('/api/user/forgotPassword', {
    schema: { body: s.object({ email: s.email }, ['email']) },
  }, async (req) => {
    limitByIp(ctx, req);
    const email = normaliseEmail(req.body.email);
    const user = await findUser(ctx, email);
    await sendCode(ctx, req, email, 'reset', Boolean(user && user.status !== 'disabled'), false);
    return ok(req.lang, { email });
  });

  app.post<{ Body: ResetBody }>('/api/user/createPasswords', {
    schema: { body: s.object({ email: s.email, code: s.code, password: s.password, confirmPassword: s.password }, ['email', 'code', 'password', 'confirmPassword']) },
  }, async (req) => {
    limitByIp(ctx, req);
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
      await tx.update(users).set({ passwordHash, status: 'active', activatedAt: user.activatedAt ?? now, updatedAt: now }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, now, user.id, 'password');
    });
    return ok(req.lang, { token: await logIn(ctx, req, user), email });
  });

  app.post<{ Body: LoginBody }>('/api/user/login', {
    schema: { body: s.object({ email: s.email, password: s.password }, ['email', 'password']) },
  }, async (req) => {
    const email = normaliseEmail(req.body.email);
    const { loginPerEmail, loginPerIp } = ctx.limits;
    const locked = Math.max(loginPerEmail.blockedFor(email), loginPerIp.blockedFor(req.ip));
    if (locked) throw rateLimited(locked, 'loginLocked');
    limitByIp(ctx, req);
    const user = await findUser(ctx, email);
    if (!(await verifyPassword(user?.passwordHash ?? null, req.body.password))) {
      loginPerEmail.fail(email);
      loginPerIp.fail(req.ip);
      throw new ApiError(Code.BAD_CREDENTIALS, 'invalidCredentials');
    }
    // The account's state is told only to someone who knows its password.
    if (user!.status === 'pending') throw new ApiError(Code.NOT_ACTIVATED, 'notActivated', {}, 200, { email, activation: 'required' });
    if (user!.status === 'disabled') throw new ApiError(Code.DEACTIVATED, 'deactivated');
    loginPerEmail.reset(email);
    return ok(req.lang, { token: await logIn(ctx, req, user!), email, role: user!.role });
  });

  app.post('/api/user/logout', { config: { auth: 'user' }, schema: { body: s.noBody, querystring: s.noQuery } }, async (req) => {
    const auth = caller(req.auth);
    auth.rotate = false;
    await revokeSession(ctx, auth.sessionId, 'logout');
    return ok(req.lang, null);
  });
}
