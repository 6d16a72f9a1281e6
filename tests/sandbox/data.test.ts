// The data set: counts per scale, fixtures, every status and disable reason, seed determinism, hostile names.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSandboxState } from '../../sandbox/index';
import { generate, SCALES } from '../../sandbox/data';
import { startSandbox, type Sandbox } from './harness';

let sb: Sandbox;
beforeAll(async () => { sb = await startSandbox(); });
afterAll(() => sb.close());

const names = async (sandbox: Sandbox) => (await sandbox.getJson('/v19.0/me/adaccounts?fields=name,account_status,currency,amount_spent&limit=100')).body.data;

describe('generation', () => {
  test('small: 300 accounts, 10 businesses, 50 pages, 30 pixels, with users, roles and partners', () => {
    const d = generate('s', 'small', false);
    expect([d.accounts.size, d.businesses.size, d.pages.size, d.pixels.size]).toEqual([300, 10, 50, 30]);
    expect(d.users.size).toBe(SCALES.small.users);
    expect(d.businessUsers.size).toBeGreaterThan(30);
    expect(d.invites.size).toBeGreaterThan(0);
    expect(d.businessList.some((b) => b.agencies.length > 0)).toBe(true);
    expect(d.accountList.some((a) => a.agencies.length > 0)).toBe(true);
    const roles = new Set(d.accountList.flatMap((a) => a.users.map((u) => u.role)));
    expect(roles).toEqual(new Set([1001, 1002, 1003]));
  });

  // How long generating it takes is a benchmark's to say (timed assertions fail on a busy machine).
  test('large: 20,000 accounts, 300 businesses, 2,000 pages, 1,000 pixels', () => {
    const d = generate('l', 'large', false);
    expect([d.accounts.size, d.businesses.size, d.pages.size, d.pixels.size]).toEqual([20_000, 300, 2_000, 1_000]);
  });

  test('every account status and every disable reason 0–15 is present, and the fixtures hold', () => {
    for (const scale of ['small', 'large'] as const) {
      const d = generate('any-seed', scale, false);
      expect(new Set(d.accountList.map((a) => a.account_status))).toEqual(new Set([1, 2, 3, 7, 8, 9, 100, 101]));
      expect(new Set(d.accountList.map((a) => a.disable_reason))).toEqual(new Set(Array.from({ length: 16 }, (_, i) => i)));
      const fx = d.fixtures.adaccounts;
      expect(d.accounts.get(fx.disabled!)!.account_status).toBe(2);
      expect(d.accounts.get(fx.closed!)!.account_status).toBe(101);
      expect(d.accounts.get(fx.disableReason15!)!.disable_reason).toBe(15);
      expect(d.accounts.get(fx.hiddenAdmin!)!.hidden).toHaveLength(1);
      for (const code of ['JPY', 'KRW', 'VND', 'IDR', 'TWD', 'HUF', 'CLP', 'COP', 'USD', 'EUR', 'CNY']) {
        expect(d.accountList.some((a) => a.currency === code)).toBe(true);
      }
    }
  });

  test('ids do not depend on the seed; everything else does', () => {
    const a = generate('one', 'small', false);
    const b = generate('two', 'small', false);
    expect(a.accountList.map((x) => x.id)).toEqual(b.accountList.map((x) => x.id));
    expect(a.fixtures).toEqual(b.fixtures);
    expect(a.accountList.map((x) => x.name)).not.toEqual(b.accountList.map((x) => x.name));
  });
});

describe('reset', () => {
  test('same seed gives the same data, a different seed different data', async () => {
    await sb.post('/__sandbox/reset', { seed: 'alpha', scale: 'small' });
    const first = await names(sb);
    await sb.post(`/v19.0/${first[0].id}`, { name: 'changed' });
    await sb.post('/__sandbox/reset', { seed: 'alpha', scale: 'small' });
    expect(await names(sb)).toEqual(first);
    const bm = sb.state.data.fixtures.businesses.main!;
    const bmA = (await sb.getJson(`/__sandbox/objects/business/${bm}`)).body;
    await sb.post('/__sandbox/reset', { seed: 'beta' });
    expect(await names(sb)).not.toEqual(first);
    expect((await sb.getJson(`/__sandbox/objects/business/${bm}`)).body.name).not.toBe(bmA.name);
  });

  test('reset answers the counts, zeroes the counters and can change scale', async () => {
    await sb.getJson('/v19.0/me');
    const r = await sb.post('/__sandbox/reset', { seed: 'gamma', scale: 'large' });
    expect(r.body).toMatchObject({ seed: 'gamma', scale: 'large', counts: { adaccounts: 20_000, businesses: 300, pages: 2_000, pixels: 1_000 } });
    expect((await sb.getJson('/__sandbox/calls')).body.total).toBe(0);
    expect((await sb.getJson('/v19.0/me/adaccounts?summary=true&limit=1')).body.summary.total_count).toBeGreaterThan(19_000);
    const bad = await sb.post('/__sandbox/reset', { scale: 'huge' });
    expect(bad.status).toBe(400);
    await sb.post('/__sandbox/reset', { seed: 'test', scale: 'small' });
  });

  test('the session endpoint names the user and the placeholder values', async () => {
    const s = (await sb.getJson('/__sandbox/session')).body;
    expect(Object.keys(s).sort()).toEqual(['access_token', 'access_token_alt', 'fb_dtsg', 'lsd', 'name', 'userId']);
    expect(s.userId).toBe(sb.state.data.sessionUserId);
    expect((await sb.getJson('/v19.0/me')).body).toEqual({ id: s.userId, name: s.name });
  });
});

describe('hostile', () => {
  test('names carry markup, script, right-to-left text, emoji, placeholders and 500 characters', async () => {
    const r = await sb.post('/__sandbox/reset', { seed: 'h', hostile: 'true' });
    expect(r.body.hostile).toBe(true);
    const all: string[] = [];
    for (const path of ['/v19.0/me/adaccounts?fields=name&limit=100', '/v19.0/me/businesses?fields=name&limit=100', '/v19.0/me/accounts?fields=name&limit=100']) {
      const body = (await sb.getJson(path)).body;
      all.push(...body.data.map((x: { name: string }) => x.name));
    }
    expect(all.some((n) => n.includes('<script>'))).toBe(true);
    expect(all.some((n) => n.includes('onerror='))).toBe(true);
    expect(all.some((n) => n.includes('\u202E') || /[\u0590-\u06FF]/.test(n))).toBe(true);
    expect(all.some((n) => /\p{Extended_Pictographic}/u.test(n))).toBe(true);
    expect(all.some((n) => n.length === 500)).toBe(true);
    expect(all.some((n) => n.includes('{{access_token}}'))).toBe(true);
    expect(all.some((n) => !/[<{\u202E]/.test(n))).toBe(true);
    await sb.post('/__sandbox/reset', { seed: 'test', hostile: 'false' });
  });

  test('createSandboxState takes the same options', () => {
    const s = createSandboxState({ seed: 3, hostile: true });
    expect(s.data.hostile).toBe(true);
    expect(s.data.seed).toBe('3');
  });
});

test('the notOnAnyAccount user has no role on any account, page or business', () => {
  for (const scale of ['small', 'large'] as const) {
    const d = generate('free', scale, false);
    const free = d.fixtures.users.notOnAnyAccount!;
    expect(d.accountList.some((a) => [...a.users, ...a.hidden].some((u) => u.uid === free))).toBe(false);
    expect(d.pageList.some((p) => p.roles.some((r) => r.uid === free))).toBe(false);
    expect([...d.businessUsers.values()].some((bu) => bu.uid === free)).toBe(false);
  }
});
