// An account's own sessions: change the password with the current one, list the live sessions (this one
// marked), end one of them, all others or all (server/README.md, "Own sessions"). A password change or
// reset ends every other session and mails the owner a notice.
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessions, users } from '../db/schema';
import { ApiError, Code, ok } from '../envelope';
import { t, type Lang } from '../i18n';
import { hashPassword } from '../auth/passwords';
import { IDLE_MS, revokeUserSessions } from '../auth/sessions';
import { caller, type AppContext } from '../context';
import { mailQueue } from '../mail';
import { requireOwnPassword } from '../own-password';
import * as s from '../schemas';
import { API, type SessionView } from '../../protocol/api';
import { route } from '../route';


const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'], [/OPR\/(\d+)/, 'Opera'], [/SamsungBrowser\/(\d+)/, 'Samsung Internet'], [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'], [/CriOS\/(\d+)/, 'Chrome'], [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'], [/Version\/(\d+)[\d.]* .*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'], [/Android/, 'Android'], [/iPhone|iPad|iPod/, 'iOS'], [/Mac OS X|Macintosh/, 'macOS'], [/CrOS/, 'ChromeOS'], [/Linux/, 'Linux'],
];

/** A short name of the browser and system a user agent names (only what is shown to the account's owner). */
export function describeBrowser(userAgent: string): string {
  const browser = BROWSERS.map(([re, name]) => { const m = re.exec(userAgent); return m ? `${name} ${m[1]}` : null; }).find(Boolean);
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(' · ');
}

/** Mails the owner that the password changed (`how`: in the user centre or by a reset code). */
export function mailPasswordNotice(ctx: AppContext, req: FastifyRequest, email: string, how: 'changed' | 'reset'): void {
  const lang: Lang = req.lang;
  const time = ctx.now().toISOString().slice(0, 16).replace('T', ' ');
  const log = req.log;
  mailQueue(ctx.mailer).enqueue({
    to: email,
    subject: t(lang, 'mailPasswordChangedSubject'),
    text: t(lang, 'mailPasswordChangedText', { time, how: t(lang, how === 'changed' ? 'mailHowChanged' : 'mailHowReset') }),
  }, (err) => { log.warn({ mailError: err.message }, 'password notice could not be sent'); });
}

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.user.changePassword, {
    config: { auth: 'user' },
    schema: { body: s.object({ password: s.password, newPassword: s.password, confirmPassword: s.password }, ['password', 'newPassword', 'confirmPassword']) },
  }, async (req) => {
    const auth = caller(req.auth);
    const { password, newPassword, confirmPassword } = req.body;
    if (newPassword !== confirmPassword) throw new ApiError(Code.PASSWORD_MISMATCH, 'passwordMismatch');
    if (newPassword === password) throw new ApiError(Code.INVALID, 'samePassword');
    // A token alone must not let anyone guess the password: the check counts like a login's (server/own-password.ts).
    await requireOwnPassword(ctx, req, password, 'wrongCurrentPassword');
    const passwordHash = await hashPassword(newPassword);
    const now = ctx.now();
    const ended = await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, auth.user.id));
      const others = await tx.select({ id: sessions.id }).from(sessions)
        .where(and(eq(sessions.userId, auth.user.id), isNull(sessions.revokedAt), ne(sessions.id, auth.sessionId)));
      await revokeUserSessions(tx, now, auth.user.id, 'password', auth.sessionId);
      return others.length;
    });
    mailPasswordNotice(ctx, req, auth.user.email, 'changed');
    return ok(req.lang, { sessionsEnded: ended });
  });

  route(app, API.user.sessions, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const auth = caller(req.auth);
    const now = ctx.now().getTime();
    const rows = await ctx.db.select().from(sessions)
      .where(and(eq(sessions.userId, auth.user.id), isNull(sessions.revokedAt), gt(sessions.lastUsedAt, new Date(now - IDLE_MS))))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.id)).limit(200);
    const list: SessionView[] = rows.map((r) => ({
      id: r.id, current: r.id === auth.sessionId, browser: describeBrowser(r.userAgent), address: r.ip,
      createdAt: r.createdAt.toISOString(), lastSeenAt: r.lastUsedAt.toISOString(),
    }));
    return ok(req.lang, list);
  });

  route(app, API.user.endSessions, {
    config: { auth: 'user' },
    schema: { body: s.object({ id: s.id, which: { type: 'string', enum: ['others', 'all'] } }) },
  }, async (req) => {
    const auth = caller(req.auth);
    const now = ctx.now();
    const { id, which } = req.body;
    if ((id === undefined) === (which === undefined)) throw new ApiError(Code.INVALID, 'invalidRequest', { detail: t(req.lang, 'vOneOf', { fields: 'id, which' }) }, 400);
    const mine = and(eq(sessions.userId, auth.user.id), isNull(sessions.revokedAt));
    const target = id !== undefined ? and(mine, eq(sessions.id, id)) : which === 'others' ? and(mine, ne(sessions.id, auth.sessionId)) : mine;
    const ended = await ctx.db.update(sessions).set({ revokedAt: now, revokeReason: 'revoked' }).where(target).returning({ id: sessions.id });
    if (id !== undefined && !ended.length) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'sessionNotFound');
    const self = ended.some((e) => e.id === auth.sessionId);
    // this session ended: its answer must not rotate it into a new one
    if (self) auth.rotate = false;
    return ok(req.lang, { ended: ended.length, current: self });
  });
}
