// Cursor paging and next links on the real platform host.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, toSandbox, type Sandbox } from './harness';

let sb: Sandbox;
beforeAll(async () => { sb = await startSandbox(); });
afterAll(() => sb.close());

describe('me/adaccounts', () => {
  test('next links on graph.facebook.com walk every account once; the last page has no next', async () => {
    const first = await sb.getJson('/v19.0/me/adaccounts?fields=id,name,account_status&limit=100&summary=true&access_token=tok');
    expect(first.status).toBe(200);
    const total = first.body.summary.total_count;
    expect(total).toBeGreaterThan(250);
    const ids: string[] = [];
    let page = first.body;
    let pages = 0;
    for (;;) {
      pages++;
      expect(page.data.length).toBeLessThanOrEqual(100);
      ids.push(...page.data.map((a: { id: string }) => a.id));
      if (!page.paging?.next) break;
      expect(page.paging.next).toMatch(/^https:\/\/graph\.facebook\.com\/v19\.0\/\d+\/adaccounts\?/);
      const next = new URL(page.paging.next);
      expect(next.searchParams.get('after')).toBe(page.paging.cursors.after);
      expect(next.searchParams.get('access_token')).toBe('tok');
      expect(next.searchParams.get('fields')).toBe('id,name,account_status');
      const r = await sb.get(toSandbox(sb, page.paging.next).slice(sb.base.length));
      page = await r.json();
    }
    expect(pages).toBe(Math.ceil(total / 100));
    expect(ids.length).toBe(total);
    expect(new Set(ids).size).toBe(total);
    expect(page.paging.next).toBeUndefined();
    expect(page.paging.previous).toMatch(/^https:\/\/graph\.facebook\.com\//);
  });

  test('the after cursor gives the page after; before gives the page before', async () => {
    const p1 = (await sb.getJson('/v19.0/me/adaccounts?limit=5')).body;
    const p2 = (await sb.getJson(`/v19.0/me/adaccounts?limit=5&after=${p1.paging.cursors.after}`)).body;
    expect(p2.data[0].id).not.toBe(p1.data[4].id);
    const all = (await sb.getJson('/v19.0/me/adaccounts?limit=10')).body;
    expect([...p1.data, ...p2.data].map((a: { id: string }) => a.id)).toEqual(all.data.map((a: { id: string }) => a.id));
    const back = (await sb.getJson(`/v19.0/me/adaccounts?limit=5&before=${p2.paging.cursors.before}`)).body;
    expect(back.data).toEqual(p1.data);
    expect(p1.paging.previous).toBeUndefined();
  });

  test('the default limit is 25, the largest 100, and the version is kept', async () => {
    expect((await sb.getJson('/v17.0/me/adaccounts')).body.data).toHaveLength(25);
    const big = (await sb.getJson('/v17.0/me/adaccounts?limit=5000')).body;
    expect(big.data).toHaveLength(100);
    expect(big.paging.next).toMatch(/^https:\/\/graph\.facebook\.com\/v17\.0\//);
    expect(new URL(big.paging.next).searchParams.get('limit')).toBe('100');
  });

  test('a cursor that is not ours is an error', async () => {
    const r = await sb.getJson('/v19.0/me/adaccounts?after=not-a-cursor');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(100);
  });

  test('filtering by account_status, including ANY_CLOSED', async () => {
    const q = encodeURIComponent(JSON.stringify([{ field: 'account_status', operator: 'IN', value: [2] }]));
    const r = (await sb.getJson(`/v19.0/me/adaccounts?fields=account_status&limit=100&filtering=${q}`)).body;
    expect(r.data.length).toBeGreaterThan(16);
    expect(r.data.every((a: { account_status: number }) => a.account_status === 2)).toBe(true);
    const closed = encodeURIComponent(JSON.stringify([{ field: 'account_status', operator: 'IN', value: [202] }]));
    const c = (await sb.getJson(`/v19.0/me/adaccounts?fields=account_status&limit=100&filtering=${closed}`)).body;
    expect(new Set(c.data.map((a: { account_status: number }) => a.account_status))).toEqual(new Set([2, 100, 101]));
  });
});

describe('business-scoped lists', () => {
  test('owned_ad_accounts pages with cursors and supports search_query', async () => {
    const bm = sb.state.data.fixtures.businesses.main!;
    const all = (await sb.getJson(`/v19.0/${bm}/owned_ad_accounts?fields=account_id,name,account_status&limit=500&summary=true`)).body;
    expect(all.summary.total_count).toBe(all.data.length);
    expect(all.paging.next).toBeUndefined();
    const target = all.data[3];
    const s = (await sb.getJson(`/v19.0/${bm}/owned_ad_accounts?fields=name&search_query=${encodeURIComponent(target.name.slice(0, 40))}`)).body;
    expect(s.data.map((a: { id: string }) => a.id)).toContain(target.id);
    const byId = (await sb.getJson(`/v19.0/${bm}/owned_ad_accounts?search_query=${target.account_id}`)).body;
    expect(byId.data.map((a: { id: string }) => a.id)).toEqual([target.id]);
  });

  test('nested edges page with their own next links', async () => {
    const r = (await sb.getJson('/v19.0/me/businesses?fields=id,name,owned_ad_accounts.limit(2).summary(true){account_id,name,account_status}&limit=50')).body;
    const main = r.data.find((b: { id: string }) => b.id === sb.state.data.fixtures.businesses.main);
    expect(main.owned_ad_accounts.data).toHaveLength(2);
    expect(main.owned_ad_accounts.summary.total_count).toBeGreaterThan(2);
    const next = main.owned_ad_accounts.paging.next as string;
    expect(next).toMatch(new RegExp(`^https://graph\\.facebook\\.com/v19\\.0/${main.id}/owned_ad_accounts\\?`));
    const page2 = await (await sb.get(toSandbox(sb, next).slice(sb.base.length))).json() as any;
    expect(page2.data).toHaveLength(2);
    expect(Object.keys(page2.data[0]).sort()).toEqual(['account_id', 'account_status', 'id', 'name']);
    expect(page2.data[0].id).not.toBe(main.owned_ad_accounts.data[1].id);
  });

  test('business_users honours limit 300', async () => {
    const bm = sb.state.data.fixtures.businesses.main!;
    const r = (await sb.getJson(`/v19.0/${bm}/business_users?fields=email,name,first_name,last_name,id,pending_email,role&limit=300`)).body;
    expect(r.data.length).toBe(sb.state.data.businesses.get(bm)!.users.length);
    expect(r.data[0]).toHaveProperty('role');
    expect(r.paging.next).toBeUndefined();
  });
});
