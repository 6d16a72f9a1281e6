// Services, orders and payment providers.
import { describe, expect, test } from 'vitest';
import { DAY } from '../harness';
import type { SuiteEnv } from './env';

export function orderTests(env: SuiteEnv): void {
  describe('orders', () => {
    async function services(admin: string) {
      const { h } = env;
      const plan = await h.call('POST', '/api/admin/services/create', { token: admin, body: { kind: 'membership', name: 'Plan 30', level: 'gold', durationDays: 30, priceCents: 990 } });
      const fuel = await h.call('POST', '/api/admin/services/create', { token: admin, body: { kind: 'fuel', name: 'Fuel 100', fuelAmount: 100, priceCents: 300, currency: 'USD' } });
      const upgrade = await h.call('POST', '/api/admin/services/create', { token: admin, body: { kind: 'upgrade', name: 'To platinum', level: 'platinum', priceCents: 500 } });
      expect(plan).toMatchObject({ status: 1, data: { kind: 'membership', level: 'gold', durationDays: 30, priceCents: 990, price: '9.90', currency: 'CNY', active: true } });
      return { plan: plan.data.id as number, fuel: fuel.data.id as number, upgrade: upgrade.data.id as number };
    }

    test('an order paid through the sandbox provider extends the membership', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const ids = await services(admin);
      const user = await h.signUp();
      const list = await h.call('GET', '/api/pay/getMyservicesList', { token: user.token });
      expect(list.data.services.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([ids.plan, ids.fuel, ids.upgrade]));
      expect(list.data).toMatchObject({ membership: { level: 'free', active: false }, fuel: 0, defaultProvider: 'sandbox' });
      expect(list.data.providers.map((p: { id: string }) => p.id)).toEqual(['sandbox', 'manual']);

      const upgradeFirst = await h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId: ids.upgrade } });
      expect(upgradeFirst).toMatchObject({ status: 0, code: 40021 });

      const start = h.config.clock();
      const first = await h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId: ids.plan, provider: 'sandbox' } });
      expect(first).toMatchObject({ status: 1, data: { order: { status: 'paid', provider: 'sandbox', amountCents: 990, amount: '9.90', service: { kind: 'membership', level: 'gold' } }, payment: { provider: 'sandbox', status: 'paid' } } });
      expect(first.data.order.ordernum).toMatch(/^T\d{20}$/);
      let info = (await h.call('POST', '/api/user/info', { token: user.token })).data;
      expect(info.membership).toMatchObject({ level: 'gold', active: true });
      const expiry1 = Date.parse(info.membership.expiry);
      expect(Math.abs(expiry1 - (start + 30 * DAY))).toBeLessThan(60_000);

      await h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId: ids.plan } });
      info = (await h.call('POST', '/api/user/info', { token: user.token })).data;
      expect(Date.parse(info.membership.expiry) - expiry1).toBe(30 * DAY);

      const up = await h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId: ids.upgrade } });
      expect(up.data.order.status).toBe('paid');
      info = (await h.call('POST', '/api/user/info', { token: user.token })).data;
      expect(info.membership.level).toBe('platinum');
      expect(Date.parse(info.membership.expiry) - expiry1).toBe(30 * DAY);

      const orders = await h.call('GET', '/api/pay/getMyorder', { token: user.token });
      expect(orders.data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
      expect(orders.data.list[0].ordernum).toBe(up.data.order.ordernum);
      const detail = await h.call('GET', '/api/pay/getOrderDetail', { token: user.token, query: { ordernum: first.data.order.ordernum } });
      expect(detail.data).toMatchObject({ ordernum: first.data.order.ordernum, status: 'paid', paidAt: expect.any(String) });
    });

    test('the manual provider leaves the order pending until an admin marks it paid; paying twice applies once', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const ids = await services(admin);
      const user = await h.signUp();
      const created = await h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId: ids.fuel, provider: 'manual' } });
      expect(created).toMatchObject({ status: 1, data: { order: { status: 'pending', provider: 'manual', currency: 'USD' }, payment: { status: 'pending', clientData: { instructions: 'manual' } } } });
      const ordernum = created.data.order.ordernum;
      expect((await h.call('POST', '/api/pay/payOrder', { token: user.token, body: { ordernum } })).data.order.status).toBe('pending');
      expect((await h.call('POST', '/api/user/info', { token: user.token })).data.fuel).toBe(0);

      const pending = await h.call('GET', '/api/admin/orders', { token: admin, query: { status: 'pending', uid: String(user.uid) } });
      expect(pending.data.list).toHaveLength(1);
      expect(pending.data.list[0]).toMatchObject({ ordernum, email: user.email, uid: user.uid });
      expect((await h.call('POST', '/api/admin/orders/markPaid', { token: admin, body: { ordernum } })).data).toMatchObject({ status: 'paid' });
      expect(await h.call('POST', '/api/admin/orders/markPaid', { token: admin, body: { ordernum } })).toMatchObject({ status: 0, code: 40021 });
      expect((await h.call('POST', '/api/user/info', { token: user.token })).data.fuel).toBe(100);
      expect(await h.call('POST', '/api/pay/payOrder', { token: user.token, body: { ordernum } })).toMatchObject({ status: 0, code: 40021 });
    });

    test('cancel, someone else\'s order, unknown providers and services are refused', async () => {
      const { h } = env;
      const admin = await h.adminToken();
      const ids = await services(admin);
      const user = await h.signUp();
      const other = await h.signUp();
      const created = await h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId: ids.plan, provider: 'manual' } });
      const ordernum = created.data.order.ordernum;
      expect(await h.call('GET', '/api/pay/getOrderDetail', { token: other.token, query: { ordernum } })).toMatchObject({ status: 0, code: 40401 });
      expect(await h.call('POST', '/api/pay/payOrder', { token: other.token, body: { ordernum } })).toMatchObject({ code: 40401 });
      expect(await h.call('POST', '/api/pay/cancelOrder', { token: other.token, body: { ordernum } })).toMatchObject({ code: 40401 });
      expect((await h.call('POST', '/api/pay/cancelOrder', { token: user.token, body: { ordernum } })).data.order.status).toBe('cancelled');
      expect(await h.call('POST', '/api/pay/payOrder', { token: user.token, body: { ordernum } })).toMatchObject({ code: 40021 });
      expect(await h.call('POST', '/api/admin/orders/markPaid', { token: admin, body: { ordernum } })).toMatchObject({ code: 40021 });
      expect((await h.call('POST', '/api/user/info', { token: user.token })).data.membership.level).toBe('free');

      expect(await h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId: ids.plan, provider: 'stripe' } })).toMatchObject({ status: 0, code: 40020 });
      expect(await h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId: 999_999 } })).toMatchObject({ status: 0, code: 40401 });
      await h.call('POST', '/api/admin/services/update', { token: admin, body: { id: ids.plan, active: false } });
      expect(await h.call('POST', '/api/pay/createOrder', { token: user.token, body: { serviceId: ids.plan } })).toMatchObject({ code: 40401 });
      expect((await h.call('GET', '/api/pay/getMyservicesList', { token: user.token })).data.services.map((s: { id: number }) => s.id)).not.toContain(ids.plan);
      expect((await h.call('GET', '/api/admin/services', { token: admin })).data.map((s: { id: number }) => s.id)).toContain(ids.plan);
      expect(await h.call('POST', '/api/pay/webhook/manual', { payload: '{}', headers: { 'content-type': 'application/json' } })).toMatchObject({ status: 0, code: 40020 });

      // Deleting a service keeps the orders that bought it.
      expect((await h.call('POST', '/api/admin/services/delete', { token: admin, body: { id: ids.plan } })).status).toBe(1);
      expect((await h.call('GET', '/api/pay/getOrderDetail', { token: user.token, query: { ordernum } })).data.service).toMatchObject({ name: 'Plan 30' });
      expect(await h.call('POST', '/api/admin/services/create', { token: admin, body: { kind: 'membership', name: 'No level', priceCents: 1 } })).toMatchObject({ http: 400, code: 40000 });
    });
  });
}
