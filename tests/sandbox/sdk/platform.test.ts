// What every area shares, through the official SDK: its default version, cursors, batch requests and
// its error objects (docs/SDK.md, areas "version", "cursors", "batch", "errors").
import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { expectGuarded, fieldsOf, refusal, sdk, useSdkSandbox } from './sdk-harness';
import { ACCOUNT_ACTIVE, ACCOUNT_JPY, BUSINESS_MAIN, PAGE_MAIN } from './fixtures';

const { FacebookAdsApi, FacebookAdsApiBatch, AdAccount, Business, Page, User } = sdk;
const env = useSdkSandbox();

interface BatchAnswer { status: number; body: { id?: string; name?: string; success?: boolean; error?: { code: number; message: string } } }

describe('version', () => {
  test('the SDK targets v24.0 and its requests are answered at the version the sandbox serves', async () => {
    expect(FacebookAdsApi.VERSION).toBe('v24.0');
    const me = await new User('me').get(['id', 'name']);
    expect(me.id).toMatch(/^\d+$/);
  });

  test('the sandbox serves the SDK\'s default version', () => {
    expect(env.sdkVersionServed).toBe(true);
    expect(env.served).toBe(FacebookAdsApi.VERSION);
  });
});

describe('cursors', () => {
  test('next() walks a business\'s ad accounts to the end, each once; previous() walks back to the start', async () => {
    const cursor = await new Business(BUSINESS_MAIN).getOwnedAdAccounts(['id', 'name'], { limit: 7, summary: true });
    const total = cursor.summary.total_count as number;
    const pages: string[][] = [[...cursor].map((a: { id: string }) => a.id)];
    while (cursor.hasNext()) {
      await cursor.next();
      pages.push([...cursor].map((a: { id: string }) => a.id));
    }
    const ids = pages.flat();
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    for (let i = pages.length - 2; i >= 0; i--) {
      await cursor.previous();
      expect([...cursor].map((a: { id: string }) => a.id)).toEqual(pages[i]);
    }
    expect(cursor.hasPrevious()).toBe(false);
  });

  test('a nested edge in the fields (owned_ad_accounts.limit(2){id}) answers a page of its own', async () => {
    const b = await new Business(BUSINESS_MAIN).get(['id', 'owned_ad_accounts.limit(2){id,name}']);
    expect(b.owned_ad_accounts.data).toHaveLength(2);
    expect(b.owned_ad_accounts.paging.cursors.after).toBeTruthy();
  });
});

describe('batch', () => {
  test('FacebookAdsApiBatch: reads of three areas answer in order through the success callbacks', async () => {
    const batch = new FacebookAdsApiBatch(env.api);
    const answers: BatchAnswer[] = [];
    const ok = (r: { status: number; body: BatchAnswer['body'] }) => answers.push({ status: r.status, body: r.body });
    batch.add('GET', ACCOUNT_ACTIVE, { fields: fieldsOf(AdAccount).join(',') }, null, ok, ok);
    batch.add('GET', BUSINESS_MAIN, { fields: fieldsOf(Business).join(',') }, null, ok, ok);
    batch.add('GET', PAGE_MAIN, { fields: fieldsOf(Page).join(',') }, null, ok, ok);
    expect(await batch.execute()).toBeNull();
    expect(answers.map((a) => [a.status, a.body.id])).toEqual([[200, ACCOUNT_ACTIVE], [200, BUSINESS_MAIN], [200, PAGE_MAIN]]);
  });

  test('a batch write is applied and a refused entry reaches the failure callback with the platform\'s error', async () => {
    const batch = new FacebookAdsApiBatch(env.api);
    const ok: BatchAnswer[] = [];
    const failed: { status: number; error: { code: number; message: string } }[] = [];
    const onOk = (r: BatchAnswer) => ok.push({ status: r.status, body: r.body });
    // for a batch entry the SDK's error keeps the entry's whole body ({ error: {…} }) as its response
    const onFail = (r: { status: number; error: { response: { error: { code: number; message: string } } } }) => failed.push({ status: r.status, error: r.error.response.error });
    batch.add('POST', ACCOUNT_JPY, { name: 'Renamed in a batch' }, null, onOk, onFail);
    batch.add('GET', 'act_129999999999999', { fields: 'id' }, null, onOk, onFail);
    await batch.execute();
    expect(ok.map((a) => a.body)).toEqual([{ success: true }]);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.status).toBe(400);
    expect(failed[0]!.error.code).toBe(100);
    expect((await new AdAccount(ACCOUNT_JPY).get(['name'])).name).toBe('Renamed in a batch');
  });
});

describe('errors', () => {
  test('an object that does not exist: FacebookRequestError with status 400, code 100, subcode 33', async () => {
    const e = await refusal(new AdAccount('act_129999999999999').get(['id']));
    expect(e.name).toBe('FacebookRequestError');
    expect(e.status).toBe(400);
    expect(e.code).toBe(100);
    expect(e.subcode).toBe(33);
    expect(e.type).toBe('GraphMethodException');
    expect(e.message).toContain("Object with ID 'act_129999999999999' does not exist");
  });

  test('a field in neither the SDK\'s list nor the sandbox\'s model is refused as nonexisting', async () => {
    const e = await refusal(new Page(PAGE_MAIN).get(['id', 'not_a_platform_field']));
    expect(e.status).toBe(400);
    expect(e.code).toBe(100);
    expect(e.message).toBe('(#100) Tried accessing nonexisting field (not_a_platform_field) on node type (Page)');
  });

  test('a multi-id read of more than 50 ids is refused (code 100), 50 are answered', async () => {
    const visible = [...(await new User('me').getAdAccounts(['id'], { limit: 51 }))].map((a: { id: string }) => a.id);
    expect(await AdAccount.getByIds(visible.slice(0, 50), ['id'])).toHaveLength(50);
    const e = await refusal(AdAccount.getByIds(visible, ['id']));
    expect(e.status).toBe(400);
    expect(e.code).toBe(100);
    expect(e.message).toContain('Maximum: 50');
  });

  test('an unknown edge answers code 2500 through the SDK\'s error object', async () => {
    const cursor = new Page(PAGE_MAIN).getEdge(Page, ['id'], {}, false, '/no_such_edge');
    const e = await refusal(cursor.next());
    expect(e.status).toBe(400);
    expect(e.code).toBe(2500);
  });
});

describe('loopback guard', () => {
  // 192.0.2.1 is TEST-NET-1 (RFC 5737): never routed, and refused here before any packet is sent
  test('an SDK request to any other address, and a plain connection off this machine, are refused before they leave', async () => {
    const api = env.api as { call: (method: string, url: string) => Promise<unknown> };
    expect(await expectGuarded(() => api.call('GET', 'https://192.0.2.1/v24.0/me'))).toBe('SDK request to https://192.0.2.1');
    expect(await expectGuarded(() => new Promise((resolve, reject) => {
      const socket = net.connect({ host: '192.0.2.1', port: 443 }, () => resolve(socket));
      socket.on('error', reject);
    }))).toBe('socket to 192.0.2.1');
  });
});
