// The first admin outside demo mode (docs/DECISIONS.md, "The first admin"): TESSERA_ADMIN_EMAIL, or a
// one-time bootstrap token made at start when there is no admin and no admin address. Only its
// SHA-256 is stored (settings key below); the token itself is printed once on the console.
// Redeeming it is one conditional DELETE, so two callers can never both become admin with it.
import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settings, users } from './db/schema';
import { ApiError, Code, ok } from './envelope';
import { caller, type AppContext } from './context';
import { API } from '../protocol/api';
import { route } from './route';

export const BOOTSTRAP_KEY = 'bootstrapTokenHash';

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

async function hasAdmin(ctx: AppContext): Promise<boolean> {
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), ne(users.status, 'disabled'))).limit(1);
  return Boolean(admin);
}

/**
 * At start (after seeding): outside demo mode, with no admin and no TESSERA_ADMIN_EMAIL, makes a new
 * bootstrap token (replacing an older one) and returns it; otherwise drops any stored one and returns null.
 */
export async function prepareBootstrapToken(ctx: AppContext): Promise<string | null> {
  const { config, db } = ctx;
  if (config.demo || config.adminEmail || (await hasAdmin(ctx))) {
    await db.delete(settings).where(eq(settings.key, BOOTSTRAP_KEY));
    return null;
  }
  const token = crypto.randomBytes(24).toString('base64url');
  const now = ctx.now();
  await db.insert(settings).values({ key: BOOTSTRAP_KEY, value: hash(token), updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: hash(token), updatedAt: now } });
  return token;
}

export async function bootstrapRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, API.admin.bootstrap, {
    config: { auth: 'user' },
    schema: {
      body: { type: 'object', properties: { token: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['token'], additionalProperties: false },
    },
  }, async (req) => {
    const user = caller(req.auth).user;
    const promoted = await ctx.db.transaction(async (tx) => {
      // Only one caller can delete the row: the token works once, whoever runs in parallel.
      const used = await tx.delete(settings)
        .where(and(eq(settings.key, BOOTSTRAP_KEY), sql`${settings.value} = to_jsonb(${hash(req.body.token)}::text)`))
        .returning({ key: settings.key });
      if (used.length === 0) return false;
      await tx.update(users).set({ role: 'admin', updatedAt: ctx.now() }).where(eq(users.id, user.id));
      return true;
    });
    if (!promoted) throw new ApiError(Code.FORBIDDEN, 'bootstrapInvalid', {}, 403);
    req.log.warn({ userId: user.id }, 'bootstrap token used: this account is now admin');
    return ok(req.lang, { role: 'admin' });
  });
}
