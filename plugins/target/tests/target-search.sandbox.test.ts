// Interest targeting against the sandbox over HTTP through the demo transport (plugins/target/api.ts):
// the search (limit 500, bounds and paths), the taxonomy browse of an ad account, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, demoCatalogue } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import { createBridge, type Bridge } from '../../../src/kernel/bridge/bridge';
import type { Interest } from '../interest';
import type { TaxonomyNode } from '../tree';

// the plugin's modules import '@kernel' (the app's alias, which tsconfig.node.json does not know): loaded by
// path at run time, as tests/sandbox/area-harness.ts loads the other areas' actions
interface TargetApi {
  SEARCH_LIMIT: number;
  searchInterests(bridge: Bridge, q: string): Promise<Interest[]>;
  browseAccounts(bridge: Bridge): Promise<{ id: string; name: string; account_status: number }[]>;
  browseTaxonomy(bridge: Bridge, act: string): Promise<Interest[]>;
  defaultAccount(a: readonly { id: string; account_status: number }[]): string | null;
}
const PLUGIN = '/plugins/target';
let api: TargetApi;
let buildTaxonomy: (items: readonly Interest[]) => TaxonomyNode[];

let sb: Sandbox;
let bridge: Bridge;
beforeAll(async () => {
  api = (await import(/* @vite-ignore */ `${PLUGIN}/api.ts`)) as TargetApi;
  ({ buildTaxonomy } = (await import(/* @vite-ignore */ `${PLUGIN}/tree.ts`)) as { buildTaxonomy: typeof buildTaxonomy });
  sb = await startSandbox({ scale: 'small' });
  bridge = createBridge(createDemoTransport({ graphBase: sb.base, latestVersion: async () => '1.2.0' , catalogue: demoCatalogue }));
});
afterAll(() => sb?.close());

describe('interest targeting on the sandbox', () => {
  it('answers /search?type=adinterest in the platform shape, biggest audiences first', async () => {
    const r = await sb.getJson('/v19.0/search?type=adinterest&q=fitness&limit=3');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(3);
    const first = r.body.data[0];
    expect(Object.keys(first).sort()).toEqual(expect.arrayContaining(['id', 'name', 'audience_size_lower_bound', 'audience_size_upper_bound', 'path', 'topic']));
    expect(first.audience_size).toBeUndefined();
    expect(first.audience_size_upper_bound).toBeGreaterThanOrEqual(r.body.data[1].audience_size_upper_bound);
    expect(r.body.paging.next).toMatch(/^https:\/\/graph\.facebook\.com\/v19\.0\/search\?.*type=adinterest.*q=fitness/);
  });

  it('searches through the plugin: up to 500 interests, every one matching', async () => {
    const rows = await api.searchInterests(bridge, 'fitness');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThanOrEqual(api.SEARCH_LIMIT);
    for (const i of rows) expect(i.name.toLowerCase()).toContain('fitness');
    expect(rows[0]!.path[0]).toBe('Interests');
    expect(rows[0]!.upper).toBeGreaterThanOrEqual(rows[0]!.lower);
    const many = await api.searchInterests(bridge, 'a');
    expect(many).toHaveLength(api.SEARCH_LIMIT);
    expect(await api.searchInterests(bridge, '   ')).toEqual([]);
  });

  it('refuses a search without q or with an unknown type, like the platform', async () => {
    const noQ = await sb.getJson('/v19.0/search?type=adinterest');
    expect(noQ.body.error.code).toBe(100);
    const badType = await sb.getJson('/v19.0/search?type=nonsense&q=x');
    expect(badType.body.error.code).toBe(100);
  });

  it('browses the taxonomy of the first active ad account and builds the tree', async () => {
    const accounts = await api.browseAccounts(bridge);
    const act = api.defaultAccount(accounts)!;
    expect(accounts.find((a) => a.id === act)?.account_status).toBe(1);
    const items = await api.browseTaxonomy(bridge, act);
    expect(items.length).toBe(sb.state.data.interests.size);
    const tree = buildTaxonomy(items);
    expect(tree[0]!.label).toBe('Interests');
    expect(tree[0]!.count).toBe(items.length);
    expect(tree[0]!.children.length).toBeGreaterThan(5);
  });

  it('refuses a browse on an account the user cannot see', async () => {
    await expect(api.browseTaxonomy(bridge, 'act_999999999')).rejects.toThrow(/does not exist/);
  });
});
