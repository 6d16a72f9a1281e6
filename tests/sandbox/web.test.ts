// GraphQL form posts by the catalogue's doc ids, and the business web forms, at S/__web/<host>/<path>.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from './harness';
import { AREAS, sandboxDocIds } from '../../sandbox/index';
import { buildCatalogue, DOC_ID, OPERATION_NAME } from '../../sandbox/catalogue';

/** operation name → the sandbox's doc id; tests name documents by operation, as the plugins do */
const DOCS = sandboxDocIds();

let sb: Sandbox;
let fx: Sandbox['state']['data']['fixtures'];
beforeAll(async () => { sb = await startSandbox(); });
afterAll(() => sb.close());
beforeEach(async () => {
  await sb.post('/__sandbox/reset', { seed: 'test' });
  await sb.putJson('/__sandbox/faults', { errorRate: 0, budget: { perUser: { points: 9000 } } });
  fx = sb.state.data.fixtures;
});

const gql = async (operation: string, variables: unknown, host = 'business.facebook.com') => {
  const docId = DOCS[operation] ?? operation;
  const s = (await sb.getJson('/__sandbox/session')).body;
  const r = await fetch(`${sb.base}/__web/${host}/api/graphql/`, {
    method: 'POST',
    body: new URLSearchParams({ doc_id: docId, variables: JSON.stringify(variables), fb_dtsg: s.fb_dtsg, lsd: s.lsd }),
  });
  return { status: r.status, text: await r.text() };
};

describe('GraphQL', () => {
  test('the catalogue: the documents of every area, keyed by operation name, with digit doc ids and a handler', () => {
    const withDocs = AREAS.filter((a) => a.graphql).map((a) => a.id);
    expect(withDocs).toEqual(expect.arrayContaining(['adaccount', 'bm']));
    const catalogue = buildCatalogue(AREAS);
    for (const [operation, docId] of Object.entries(catalogue.operations)) {
      expect(operation).toMatch(OPERATION_NAME);
      expect(docId).toMatch(DOC_ID);
      const doc = catalogue.byDocId.get(docId)!;
      expect(doc.run, operation).toBeTypeOf('function');
      expect(['query', 'mutation']).toContain(doc.kind);
    }
    expect(catalogue.byDocId.get(DOCS.AdAccountAccessRequestMutation!)?.kind).toBe('mutation');
    expect(Object.keys(DOCS)).toEqual(expect.arrayContaining(['AdAccountAccessRequestMutation', 'AdAccountBillingTransactionsQuery',
      'AdAccountAppealStatusQuery', 'AdAccountAppealSubmitMutation', 'BusinessPartnersQuery']));
  });

  test('an overlay replaces the doc id of an operation (a rotation) and may add one; bad entries are refused', () => {
    const rotated = buildCatalogue(AREAS, { docs: {
      AdAccountAppealStatusQuery: { docId: '123456789', handler: 'adAccountAppealStatus', kind: 'query' },
      AppealStatusAgainQuery: { docId: '987654321', handler: 'adAccountAppealStatus', kind: 'query' },
    } });
    expect(rotated.operations.AdAccountAppealStatusQuery).toBe('123456789');
    expect(rotated.byDocId.has(DOCS.AdAccountAppealStatusQuery!)).toBe(false);
    expect(rotated.byDocId.get('987654321')?.operation).toBe('AppealStatusAgainQuery');
    expect(() => buildCatalogue(AREAS, { docs: { X: { docId: 'abc', handler: 'adAccountAppealStatus', kind: 'query' } } })).toThrow(/digits/);
    expect(() => buildCatalogue(AREAS, { docs: { X: { docId: '1', handler: 'noSuchHandler', kind: 'query' } } })).toThrow(/unknown handler/);
    expect(() => buildCatalogue(AREAS, { docs: { X: { docId: DOCS.BusinessPartnersQuery!, handler: 'businessPartners', kind: 'query' } } })).toThrow(/share doc id/);
  });

  test('a sandbox started with an overlay answers the rotated id and no longer the old one', async () => {
    const other = await startSandbox({ graphqlDocs: { docs: { BusinessPartnersQuery: { docId: '555', handler: 'businessPartners', kind: 'query' } } } });
    try {
      const s = (await other.getJson('/__sandbox/session')).body;
      const post = async (docId: string) => (await fetch(`${other.base}/__web/business.facebook.com/api/graphql/`, {
        method: 'POST', body: new URLSearchParams({ doc_id: docId, variables: JSON.stringify({ business_id: other.state.data.fixtures.businesses.main }), fb_dtsg: s.fb_dtsg }),
      })).json() as any;
      expect((await post('555')).data.business.partners.count).toBeGreaterThan(0);
      expect((await post(DOCS.BusinessPartnersQuery!)).errors[0].message).toContain('Unknown doc_id');
    } finally {
      await other.close();
    }
  });

  test('ad account access request: approved where the user is admin, pending elsewhere; counted as a write', async () => {
    const vars = { ad_account_id: fx.adaccounts.active!.slice(4), requesting_business_id: fx.businesses.agency, permitted_roles: ['r1', 'r2', 'r3', 'r4'], actor_id: sb.state.data.sessionUserId };
    const ok = JSON.parse((await gql('AdAccountAccessRequestMutation', { input: vars })).text);
    expect(ok.data.ad_account_access_request.status).toBe('APPROVED');
    expect((await sb.getJson(`/v19.0/${fx.adaccounts.active}/agencies`)).body.data.map((b: { id: string }) => b.id)).toContain(fx.businesses.agency);
    const pending = JSON.parse((await gql('AdAccountAccessRequestMutation', { ...vars, ad_account_id: fx.adaccounts.outOfReach })).text);
    expect(pending.data.ad_account_access_request.status).toBe('PENDING');
    expect((await sb.getJson('/__sandbox/calls')).body.writesByObject).toEqual({ [fx.adaccounts.active!]: 1, [fx.adaccounts.outOfReach!]: 1 });
  });

  test('errors come back in the errors array with a description; unknown doc ids too', async () => {
    const e = JSON.parse((await gql('AdAccountAppealSubmitMutation', { ad_account_id: fx.adaccounts.active, appeal_comment: 'x' })).text);
    expect(e.data).toBeNull();
    expect(e.errors[0]).toMatchObject({ code: 100, severity: 'CRITICAL' });
    expect(e.errors[0].description).toBe('This ad account is not disabled.');
    expect(JSON.parse((await gql('NoSuchDoc', {})).text).errors[0].message).toContain('Unknown doc_id');
  });

  test('appeal: status, submit, status again', async () => {
    const act = fx.adaccounts.disabled!;
    const before = JSON.parse((await gql('AdAccountAppealStatusQuery', { ad_account_id: act })).text);
    expect(before.data.ad_account.appeal).toMatchObject({ status: 'NONE', can_appeal: true });
    JSON.parse((await gql('AdAccountAppealSubmitMutation', { ad_account_id: act, appeal_comment: 'please' })).text);
    const after = JSON.parse((await gql('AdAccountAppealStatusQuery', { ad_account_id: act })).text);
    expect(after.data.ad_account.appeal).toMatchObject({ status: 'PENDING', can_appeal: false, comment: 'please' });
  });

  test('billing transactions: count 10 with page info', async () => {
    const act = fx.adaccounts.active!;
    const r = JSON.parse((await gql('AdAccountBillingTransactionsQuery', { paymentAccountID: act.slice(4), count: 10, start_time: 0, end_time: 2_000_000_000 })).text);
    const txns = r.data.billable_account_by_payment_account.billing_txns;
    expect(txns.edges.length).toBeLessThanOrEqual(10);
    expect(txns.edges.length).toBeGreaterThan(0);
    expect(txns.edges[0].node).toHaveProperty('amount.currency', 'USD');
  });

  test('business info streams: the result is the text before the first label line', async () => {
    const { text } = await gql('BusinessInfoQuery', { business_id: fx.businesses.main });
    const cut = text.indexOf('{"label"');
    expect(cut).toBeGreaterThan(0);
    const first = JSON.parse(text.slice(0, cut));
    expect(first.data.business.id).toBe(fx.businesses.main);
    expect(text.trim().endsWith('{"extensions":{"is_final":true}}')).toBe(true);
  });

  test('ad account asset list pages by cursor and stops', async () => {
    let cursor: string | null = null;
    const seen: string[] = [];
    for (let i = 0; i < 50; i++) {
      const r = JSON.parse((await gql('BusinessAdAccountAssetsQuery', { business_id: fx.businesses.main, pageSize: 10, cursor })).text);
      const page = r.data.business.ad_accounts;
      seen.push(...page.edges.map((e: { node: { id: string } }) => e.node.id));
      if (!page.page_info.has_next_page) break;
      cursor = page.page_info.end_cursor;
    }
    const b = sb.state.data.businesses.get(fx.businesses.main!)!;
    expect(seen.length).toBe(b.owned_accounts.length + b.client_accounts.length);
  });

  test('partners, user assignment and asset groups change state', async () => {
    const bm = fx.businesses.main!;
    const partners = JSON.parse((await gql('BusinessPartnersQuery', { business_id: bm })).text).data.business.partners.nodes;
    expect(partners).toContainEqual(expect.objectContaining({ id: fx.businesses.agency, relationship: 'AGENCY' }));
    const bu = sb.state.data.businesses.get(bm)!.users[1]!;
    const asset = fx.pages.main!;
    JSON.parse((await gql('BusinessUserAssetAssignMutation', { business_id: bm, user_id: bu, asset_id: asset, tasks: ['MANAGE'] })).text);
    const who = JSON.parse((await gql('BusinessUsersByAssetQuery', { business_id: bm, asset_id: asset })).text).data.business.users_with_asset_access.nodes;
    expect(who).toContainEqual(expect.objectContaining({ id: bu, tasks: ['MANAGE'], is_implicit: false }));
    const g = JSON.parse((await gql('BusinessAssetGroupCreateMutation', { business_id: bm, name: 'Group A' })).text).data.asset_group_create.asset_group;
    JSON.parse((await gql('BusinessAssetGroupShareAdAccountMutation', { asset_group_id: g.id, ad_account_ids: [fx.adaccounts.active] })).text);
    const groups = JSON.parse((await gql('BusinessAssetGroupListQuery', { business_id: bm })).text).data.business.asset_groups.nodes;
    expect(groups).toEqual([{ id: g.id, name: 'Group A', ad_account_ids: [fx.adaccounts.active] }]);
    const page = JSON.parse((await gql('BusinessCreatePageMutation', { business_id: bm, name: 'Fresh page' })).text).data.business_page_create.page;
    expect((await sb.getJson(`/v19.0/${bm}/owned_pages?fields=name&limit=200`)).body.data).toContainEqual({ id: page.id, name: 'Fresh page' });
    JSON.parse((await gql('BusinessRemoveAdAccountMutation', { business_id: bm, ad_account_id: fx.adaccounts.active })).text);
    expect((await sb.getJson(`/__sandbox/objects/adaccount/${fx.adaccounts.active}`)).body.owner_business).toBeNull();
  });

  test('a GraphQL call over the user budget gets a code 17 error and Retry-After', async () => {
    await sb.putJson('/__sandbox/faults', { budget: { perUser: { points: 1 } } });
    await gql('BusinessPartnersQuery', { business_id: fx.businesses.main });
    const r = await fetch(`${sb.base}/__web/business.facebook.com/api/graphql/`, { method: 'POST', body: new URLSearchParams({ doc_id: DOCS.BusinessPartnersQuery!, variables: '{}' }) });
    expect(r.headers.get('retry-after')).toBe('60');
    expect((await r.json() as any).errors[0].code).toBe(17);
    await sb.putJson('/__sandbox/faults', { budget: { perUser: { points: 9000 } } });
  });
});

describe('business web forms', () => {
  test('ad account limits: for (;;); then payload.adAccountLimit', async () => {
    const r = await fetch(`${sb.base}/__web/business.facebook.com/business/adaccount/limits/`, { method: 'POST', body: new URLSearchParams({ business_id: fx.businesses.main! }) });
    const text = await r.text();
    expect(text.startsWith('for (;;);')).toBe(true);
    expect(JSON.parse(text.slice(9)).payload.adAccountLimit).toBe(5000);
  });

  test('the roles page shows the hidden admin that act_X/users does not; removing it works', async () => {
    const act = fx.adaccounts.hiddenAdmin!;
    const hidden = sb.state.data.accounts.get(act)!.hidden[0]!.uid;
    const page = await (await fetch(`${sb.base}/__web/www.facebook.com/ads/manager/account_settings/account_roles/?act=${act.slice(4)}`)).text();
    expect(page).toContain(`data-user-id="${hidden}"`);
    const visible = (await sb.getJson(`/v19.0/${act}/users`)).body.data.map((u: { id: string }) => u.id);
    expect(visible).not.toContain(hidden);
    const del = await sb.del(`/v19.0/${act}/users?uid=${hidden}`);
    expect(del.body, JSON.stringify(del.body)).toEqual({ success: true });
    const again = await (await fetch(`${sb.base}/__web/www.facebook.com/ads/manager/account_settings/account_roles/?act=${act.slice(4)}`)).text();
    expect(again).not.toContain(`data-user-id="${hidden}"`);
  });

  test('hostile names are escaped in the roles page', async () => {
    await sb.post('/__sandbox/reset', { seed: 'h', hostile: 'true' });
    const act = sb.state.data.fixtures.adaccounts.active!;
    const page = await (await fetch(`${sb.base}/__web/www.facebook.com/ads/manager/account_settings/account_roles/?act=${act}`)).text();
    expect(page).not.toMatch(/<script>alert/);
    await sb.post('/__sandbox/reset', { seed: 'test', hostile: 'false' });
  });

  test('unknown hosts and paths are 404', async () => {
    expect((await fetch(`${sb.base}/__web/evil.example/api/graphql/`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${sb.base}/__web/www.facebook.com/nothing`)).status).toBe(404);
  });
});

describe('request bodies', () => {
  test('GraphQL posts may come as FormData (multipart) or JSON', async () => {
    const fd = new FormData();
    fd.set('doc_id', DOCS.BusinessAssetStatusBannerQuery!);
    fd.set('variables', JSON.stringify({ business_id: fx.businesses.restricted }));
    const r = await fetch(`${sb.base}/__web/business.facebook.com/api/graphql/`, { method: 'POST', body: fd });
    expect(((await r.json()) as any).data.business.asset_status_banner.type).toBe('RESTRICTED');
    const j = await fetch(`${sb.base}/v19.0/${fx.adaccounts.active}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'From JSON' }) });
    expect(await j.json()).toEqual({ success: true });
    expect(sb.state.data.accounts.get(fx.adaccounts.active!)!.name).toBe('From JSON');
  });

  test('field names that are Object.prototype members are unknown fields, not internals', async () => {
    const r = await sb.getJson(`/v19.0/${fx.adaccounts.active}?fields=constructor`);
    expect(r.body.error.code).toBe(100);
    expect((await sb.getJson(`/v19.0/${fx.adaccounts.active}/constructor`)).body.error.code).toBe(2500);
    expect((await sb.getJson(`/v19.0/me?fields=a{b{c{d{e{f{g{h{i{j}}}}}}}}}`)).body.error.code).toBe(100);
  });
});
