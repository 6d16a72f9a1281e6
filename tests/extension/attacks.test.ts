// The breaks a hostile page found in the extension's first pass (docs/INTERFACES.md section 4), sent
// through the development flavour's executor to a real sandbox: each is refused, nothing is fetched
// for it, and the sandbox's call log and objects stay as they were. The same attempts from a page in
// real Chromium: tests/e2e/hostile-page.e2e.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExecutor } from '../../extension/src/lib/executor';
import { createSandboxSession } from '../../extension/src/lib/sandbox-session';
import { parseDocCatalogue, type DocCatalogue } from '../../protocol';
import { sandboxDocIds } from '../../sandbox/index';
import { startSandbox, type Sandbox } from '../sandbox/harness';
import { fakeJournal, request } from './fakes';

const G = 'https://graph.facebook.com/v19.0';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ORIGIN = 'http://127.0.0.1:8080';
const ACCOUNT = 'act_120200000000001';
const PIXEL = '1400000000000001';
const PIXEL_ACCOUNT = 'act_120200000000002';
// an analyst on ACCOUNT, whom the remove-user mutation would take off it
const USER = '61550000000040';
const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));

let sb: Sandbox;
let catalogue: DocCatalogue;
let fetched: string[];

function executor(docs: DocCatalogue | null = catalogue) {
  const f: typeof fetch = (input, init) => { fetched.push(String(input)); return fetch(input, init); };
  return createExecutor({
    flavour: 'development', version: '1.4.0', fetch: f, journal: fakeJournal().journal, sandboxBase: async () => sb.base,
    session: createSandboxSession({ base: async () => sb.base, fetch: (...a) => fetch(...a) }), catalogue: async () => docs,
  });
}

async function world() {
  const calls = (await sb.getJson('/__sandbox/calls')).body;
  const account = (await sb.getJson(`/__sandbox/objects/adaccount/${ACCOUNT}`)).body;
  const pixel = (await sb.getJson(`/__sandbox/objects/pixel/${PIXEL}`)).body;
  return { writes: calls.writesByObject, users: account.users, shared: pixel.shared_accounts };
}

beforeAll(async () => {
  sb = await startSandbox({ scale: 'small' });
  const parsed = parseDocCatalogue(sandboxDocIds());
  if (!parsed.ok) throw new Error(parsed.reason);
  catalogue = parsed.value;
});
afterAll(() => sb?.close());

describe('what a hostile page tried, refused before anything reaches the platform', () => {
  const attempts: [string, string, Record<string, unknown>][] = [];
  const add = (name: string, url: string, options: Record<string, unknown>) => attempts.push([name, url, options]);
  const read = [{ method: 'GET', relative_url: `${ACCOUNT}?fields=name` }];
  // The guard read the first `batch`, the receiver ran the last.
  add('two batch fields: an allowed read, then unsharing a pixel', `${G}/`, { method: 'POST', headers: FORM,
    body: `access_token={{access_token}}&batch=${enc(read)}&batch=${enc([{ method: 'DELETE', relative_url: `${PIXEL}/shared_accounts?account_id=${PIXEL_ACCOUNT}` }])}` });
  add('two batch fields: an allowed read, then the e-mail address', `${G}/`, { method: 'POST', headers: FORM,
    body: `access_token={{access_token}}&batch=${enc(read)}&batch=${enc([{ method: 'GET', relative_url: 'me?fields=email' }])}` });
  add('a batch field in other capitals', `${G}/`, { method: 'POST', headers: FORM, body: `access_token={{access_token}}&batch=${enc(read)}&BATCH=${enc(read)}` });
  add('a top-level method given twice', `${G}/${ACCOUNT}/users`, { method: 'POST', headers: FORM, body: 'uid=61550000000002&method=get&method=delete&access_token={{access_token}}' });
  add('a query field given twice', `${G}/${ACCOUNT}?fields=name&fields=email&access_token={{access_token}}`, { method: 'GET' });
  add('a field as a value and as a list', `${G}/${ACCOUNT}?fields=name&fields[0]=email&access_token={{access_token}}`, { method: 'GET' });
  add('a batch relative_url with ..', `${G}/`, { method: 'POST', headers: FORM, body: `access_token={{access_token}}&batch=${enc([{ method: 'GET', relative_url: `${ACCOUNT}/../me?fields=email` }])}` });
  add('a batch relative_url with an encoded slash', `${G}/`, { method: 'POST', headers: FORM, body: `access_token={{access_token}}&batch=${enc([{ method: 'GET', relative_url: `${ACCOUNT}%2F..%2Fme` }])}` });
  add('a batch relative_url with a fragment', `${G}/`, { method: 'POST', headers: FORM, body: `access_token={{access_token}}&batch=${enc([{ method: 'GET', relative_url: `${ACCOUNT}?fields=name#x` }])}` });
  add('a batch relative_url on another host', `${G}/`, { method: 'POST', headers: FORM, body: `access_token={{access_token}}&batch=${enc([{ method: 'GET', relative_url: '//evil.example/x' }])}` });
  add('a batch item that refers to another item\'s result', `${G}/`, { method: 'POST', headers: FORM,
    body: `access_token={{access_token}}&batch=${enc([{ method: 'GET', relative_url: `${ACCOUNT}/users`, name: 'u' }, { method: 'DELETE', relative_url: `${ACCOUNT}/users?uid={result=u:$.data.0.id}` }])}` });
  add('a host in capitals', `https://Graph.facebook.com/v19.0/${ACCOUNT}?access_token={{access_token}}`, { method: 'GET' });
  add('a host with a trailing dot', `https://graph.facebook.com./v19.0/${ACCOUNT}?access_token={{access_token}}`, { method: 'GET' });
  add('a form declared as JSON', `${G}/${ACCOUNT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'name=x&access_token={{access_token}}' });
  add('JSON declared as a form', `${G}/${ACCOUNT}`, { method: 'POST', headers: FORM, body: '{"name":"x","access_token":"{{access_token}}"}' });
  add('a method override header', `${G}/${ACCOUNT}/users`, { method: 'POST', headers: { ...FORM, 'X-HTTP-Method-Override': 'DELETE' }, body: 'uid=61550000000002&access_token={{access_token}}' });
  add('a header given twice in other capitals', `${G}/${ACCOUNT}`, { method: 'POST', headers: { ...FORM, 'Content-Type': 'text/plain' }, body: 'name=x&access_token={{access_token}}' });
  // The allowed read carrying the remove-user mutation's document.
  const gql = (op: string, docId: string, variables: unknown) => `doc_id=${docId}&variables=${enc(variables)}&fb_api_req_friendly_name=${op}&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&av={{user_id}}&__user={{user_id}}`;
  const docs = sandboxDocIds();
  add('a read\'s name with the remove-user mutation\'s document', 'https://business.facebook.com/api/graphql/', { method: 'POST', headers: FORM,
    body: gql('AdAccountAppealStatusQuery', docs.AdAccountRemoveUserMutation!, { ad_account_id: ACCOUNT.slice(4), user_id: USER }) });
  add('the right document with another operation\'s variables', 'https://business.facebook.com/api/graphql/', { method: 'POST', headers: FORM,
    body: gql('AdAccountAppealStatusQuery', docs.AdAccountAppealStatusQuery!, { ad_account_id: ACCOUNT.slice(4), user_id: USER }) });
  add('a GraphQL post with a field it never carries', 'https://business.facebook.com/api/graphql/', { method: 'POST', headers: FORM,
    body: `${gql('AdAccountAppealStatusQuery', docs.AdAccountAppealStatusQuery!, { ad_account_id: ACCOUNT.slice(4) })}&queries=x` });

  it(`refuses all ${attempts.length} attempts; the sandbox's calls and objects do not change`, async () => {
    const before = await world();
    fetched = [];
    const ex = executor();
    const refusals: string[] = [];
    for (const [name, url, options] of attempts) {
      const reply = await ex.handle(request(name, url, options), ORIGIN) as { ok: boolean; error?: string };
      expect(reply, name).toMatchObject({ ok: false, error: expect.stringMatching(/^refused: /) });
      refusals.push(`${name}: ${reply.error}`);
    }
    console.log(`attempts refused: ${refusals.length}\n  ${refusals.join('\n  ')}`);
    expect(fetched.filter((u) => !u.endsWith('/__sandbox/session'))).toEqual([]);
    expect(await world()).toEqual(before);
  });

  it('the same calls written plainly still work', async () => {
    fetched = [];
    const ex = executor();
    expect(await ex.handle(request('batch', `${G}/`, { method: 'POST', headers: FORM, body: `access_token={{access_token}}&batch=${enc(read)}` }), ORIGIN)).toMatchObject({ ok: true });
    const appeal = await ex.handle(request('gql', 'https://business.facebook.com/api/graphql/', { method: 'POST', headers: FORM,
      body: `doc_id=${docs.AdAccountAppealStatusQuery}&variables=${enc({ ad_account_id: ACCOUNT.slice(4) })}&fb_api_req_friendly_name=AdAccountAppealStatusQuery&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}&av={{user_id}}&__user={{user_id}}` }), ORIGIN);
    expect(appeal).toMatchObject({ ok: true, status: 200 });
  });

  it('without a trustworthy catalogue every GraphQL post is refused, saying why', async () => {
    fetched = [];
    const reply = await executor(null).handle(request('nodocs', 'https://business.facebook.com/api/graphql/', { method: 'POST', headers: FORM,
      body: `doc_id=${docs.AdAccountAppealStatusQuery}&variables=${enc({ ad_account_id: ACCOUNT.slice(4) })}&fb_api_req_friendly_name=AdAccountAppealStatusQuery&fb_dtsg={{fb_dtsg}}&lsd={{lsd}}` }), ORIGIN);
    expect(reply).toMatchObject({ ok: false, error: expect.stringMatching(/^refused: no trustworthy document catalogue/) });
    expect(fetched).toEqual([]);
  });

  it('a catalogue that gives one document to two names is not trusted', () => {
    expect(parseDocCatalogue({ AdAccountAppealStatusQuery: '5', AdAccountRemoveUserMutation: '5' })).toEqual({
      ok: false, reason: 'the document catalogue gives document 5 to both AdAccountAppealStatusQuery and AdAccountRemoveUserMutation',
    });
  });
});
