// Start-up data: the demo accounts (demo mode on: present and active; off: deactivated), the admin
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
      const [existing] = await db.select().from(users).where(eq(users.email, account.email)).limit(1);
      if (!existing) {
        await db.insert(users).values({
          email: account.email, passwordHash: await hashPassword(config.demoPassword), role: account.role, status: 'active', isDemo: true,
          name: account.name, createdAt: now, updatedAt: now, activatedAt: now,
        }).onConflictDoNothing();
        continue;
      }
      // The printed password must work: re-hash when TESSERA_DEMO_PASSWORD changed since the last start.
      const passwordHash = (await verifyPassword(existing.passwordHash, config.demoPassword)) ? existing.passwordHash : await hashPassword(config.demoPassword);
      await db.update(users).set({ passwordHash, role: account.role, status: 'active', isDemo: true, activatedAt: existing.activatedAt ?? now, updatedAt: now })
        .where(eq(users.id, existing.id));
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
