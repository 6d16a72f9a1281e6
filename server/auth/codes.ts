// E-mailed 6-digit codes: valid 10 minutes, at most 5 attempts each, one new code a minute per address and purpose,
// and per address and day at most 10 codes sent and 20 wrong guesses (docs/DECISIONS.md).
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { emailCodes } from '../db/schema';
import { ApiError, Code, rateLimited } from '../envelope';
import type { AppContext } from '../context';
import type { Executor } from '../db';

/**
 * Serialises the code work of one address across every instance (PostgreSQL's advisory lock, held until the
 * transaction ends), so the one-a-minute, ten-a-day, five-attempts and twenty-failures-a-day counts cannot be
 * passed by parallel requests on several instances.
 */
async function lockAddress(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tessera-codes:${email}`}))`);
}

export type CodePurpose = 'activation' | 'reset' | 'unlock';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 60_000;
export const CODE_DAY_MS = 24 * 3600_000;
/** codes sent to one address (all purposes together) in 24 hours */
export const CODES_PER_DAY = 10;
/** wrong guesses at the codes of one address (all purposes together) in 24 hours */
export const CODE_FAILURES_PER_DAY = 20;

function hashCode(email: string, purpose: CodePurpose, code: string): string {
  return crypto.createHash('sha256').update(`${purpose}\n${email}\n${code}`, 'utf8').digest('hex');
}

/** Seconds until a new code may be sent to this address for this purpose (0 = now). */
export async function resendWait(ctx: AppContext, email: string, purpose: CodePurpose, exec: Executor = ctx.db): Promise<number> {
  const [last] = await exec.select({ createdAt: emailCodes.createdAt }).from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose))).orderBy(desc(emailCodes.createdAt), desc(emailCodes.id)).limit(1);
  if (!last) return 0;
  const wait = last.createdAt.getTime() + RESEND_INTERVAL_MS - ctx.now().getTime();
  return wait > 0 ? wait / 1000 : 0;
}

/** Throws 429 when a code was sent less than a minute ago, or when the address had its 10 codes of the day. */
export async function assertMaySend(ctx: AppContext, email: string, purpose: CodePurpose, exec: Executor = ctx.db): Promise<void> {
  const wait = await resendWait(ctx, email, purpose, exec);
  if (wait > 0) throw rateLimited(wait, 'resendTooSoon');
  const now = ctx.now().getTime();
  const [day] = await exec.select({ n: sql<number>`count(*)::int`, first: sql<Date | string | null>`min(${emailCodes.createdAt})` }).from(emailCodes)
    .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, new Date(now - CODE_DAY_MS))));
  if (day && Number(day.n) >= CODES_PER_DAY) {
    const first = day.first ? new Date(day.first).getTime() : now;
    throw rateLimited(Math.max(1, (first + CODE_DAY_MS - now) / 1000), 'codeDailyLimit');
  }
}

async function failuresToday(ctx: AppContext, email: string, exec: Executor): Promise<number> {
  const [day] = await exec.select({ n: sql<number>`coalesce(sum(${emailCodes.failures}), 0)::int` }).from(emailCodes)
    .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, new Date(ctx.now().getTime() - CODE_DAY_MS))));
  return Number(day?.n ?? 0);
}

/**
 * Creates a new code (older ones for the same address and purpose stop working) and returns it with its row id;
 * throws 429 when assertMaySend refuses (checked under the address's lock, with the insert).
 */
export async function issueCode(ctx: AppContext, email: string, purpose: CodePurpose): Promise<{ id: number; code: string }> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockAddress(tx, email);
    await assertMaySend(ctx, email, purpose, tx);
    await tx.update(emailCodes).set({ consumedAt: now })
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)));
    const [row] = await tx.insert(emailCodes).values({
      email, purpose, codeHash: hashCode(email, purpose, code), createdAt: now, expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    }).returning({ id: emailCodes.id });
    return { id: row!.id, code };
  });
}

/** Uses up every open code of the address for the purpose (e.g. the unlock code once the login succeeded). */
export async function consumeCodes(ctx: AppContext, email: string, purpose: CodePurpose): Promise<void> {
  await ctx.db.update(emailCodes).set({ consumedAt: ctx.now() })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)));
}

/** Forgets a code whose mail could not be sent, so the user may ask again at once. */
export async function dropCode(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.delete(emailCodes).where(eq(emailCodes.id, id));
}

/**
 * Checks a code. Every attempt counts, the right one too, and the count is raised before the
 * comparison, under the address's lock, so parallel guesses on any instance cannot pass the limits.
 */
export async function verifyCode(ctx: AppContext, email: string, purpose: CodePurpose, code: string, consume: boolean): Promise<void> {
  const now = ctx.now();
  // The outcome is decided under the address's lock and thrown after the transaction, so counted failures stay.
  const refusal = await ctx.db.transaction(async (tx): Promise<ApiError | null> => {
    await lockAddress(tx, email);
    const [row] = await tx.select().from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)))
      .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id)).limit(1);
    if (!row || row.expiresAt.getTime() <= now.getTime()) return new ApiError(Code.CODE_INVALID, 'codeInvalid');
    if (await failuresToday(ctx, email, tx) >= CODE_FAILURES_PER_DAY) return new ApiError(Code.CODE_TOO_MANY_ATTEMPTS, 'codeDailyLimit');
    const [counted] = await tx.update(emailCodes).set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(and(eq(emailCodes.id, row.id), lt(emailCodes.attempts, CODE_MAX_ATTEMPTS), isNull(emailCodes.consumedAt)))
      .returning({ attempts: emailCodes.attempts });
    if (!counted) return new ApiError(Code.CODE_TOO_MANY_ATTEMPTS, 'codeTooManyAttempts');
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(hashCode(email, purpose, code), 'hex');
    if (!crypto.timingSafeEqual(expected, given)) {
      await tx.update(emailCodes).set({ failures: sql`${emailCodes.failures} + 1` }).where(eq(emailCodes.id, row.id));
      return new ApiError(Code.CODE_INVALID, 'codeInvalid');
    }
    if (consume) {
      const [used] = await tx.update(emailCodes).set({ consumedAt: now })
        .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.consumedAt))).returning({ id: emailCodes.id });
      if (!used) return new ApiError(Code.CODE_INVALID, 'codeInvalid');
    }
    return null;
  });
  if (refusal) throw refusal;
}
