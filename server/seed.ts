// Start-up data: the demo accounts (demo mode on: present and active, the operator with the demo password, the
// admin with TESSERA_DEMO_ADMIN_PASSWORD or the one made at start; off: deactivated), the admin
// address of TESSERA_ADMIN_EMAIL, and a few demo services so the payment screens have something to sell.
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { services, sessions, users } from './db/schema';
import { hashPassword, verifyPassword } from './auth/passwords';
import type { AppContext } from './context';

export const DEMO_ACCOUNTS = [
  { email: 'admin@tessera.test', role: 'admin', name: 'Demo Admin' },
  { email: 'operator@tessera.test', role: 'user', name: 'Demo Operator' },
] as const;

const DEMO_SERVICES = [
  { kind: 'membership', name: 'Monthly membership', level: 'pro', durationDays: 30, fuelAmount: 0, priceCents: 9900, sort: 1 },
  { kind: 'membership', name: 'Yearly membership', level: 'pro', durationDays: 365, fuelAmount: 0, priceCents: 99900, sort: 2 },
  { kind: 'upgrade', name: 'Upgrade to Team', level: 'team', durationDays: 0, fuelAmount: 0, priceCents: 19900, sort: 3 },
  { kind: 'fuel', name: 'Fuel bag 1000', level: '', durationDays: 0, fuelAmount: 1000, priceCents: 2900, sort: 4 },
] as const;

export async function seed(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const { db, config } = ctx;
  if (config.demo) {
    for (const account of DEMO_ACCOUNTS) {
      // The published demo password opens the operator only; the admin has a password of its own.
      const password = account.role === 'admin' ? config.demoAdminPassword : config.demoPassword;
      const [existing] = await db.select().from(users).where(eq(users.email, account.email)).limit(1);
      if (!existing) {
        await db.insert(users).values({
          email: account.email, passwordHash: await hashPassword(password), role: account.role, status: 'active', isDemo: true,
          name: account.name, createdAt: now, updatedAt: now, activatedAt: now,
        }).onConflictDoNothing();
        continue;
      }
      // The printed password must work: re-hash when it changed since the last start, and end the sessions
      // opened with the old one (a demo admin session opened with the once-published password among them).
      const same = await verifyPassword(existing.passwordHash, password);
      const passwordHash = same ? existing.passwordHash : await hashPassword(password);
      await db.update(users).set({ passwordHash, role: account.role, status: 'active', isDemo: true, activatedAt: existing.activatedAt ?? now, updatedAt: now })
        .where(eq(users.id, existing.id));
      if (!same) await db.update(sessions).set({ revokedAt: now, revokeReason: 'password' }).where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
    }
    const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(services);
    if (n === 0) await db.insert(services).values(DEMO_SERVICES.map((s) => ({ ...s, createdAt: now, updatedAt: now })));
  } else {
    const disabled = await db.update(users).set({ status: 'disabled', updatedAt: now })
      .where(and(eq(users.isDemo, true), ne(users.status, 'disabled'))).returning({ id: users.id });
    for (const { id } of disabled) {
      await db.update(sessions).set({ revokedAt: now, revokeReason: 'disabled' }).where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    }
  }
  if (config.adminEmail) {
    // Only an account that proved its address by activation is promoted at start-up.
    await db.update(users).set({ role: 'admin', updatedAt: now }).where(and(eq(users.email, config.adminEmail), eq(users.status, 'active'), ne(users.role, 'admin')));
  }
}
