// The business area's rules on their own: the business type (BM + limit, BM1 on failure), the
// restriction flag as strings, the loader's error message, the asset-list paging stop rules, the
// business-info parser (text before the label marker), hidden-administrator detection, the e-mail
// list, preflight and the business-type cache reset.
import { describe, expect, it } from 'vitest';
import { adAccountLimit, bmType, businessType, hiddenAdmins, parseBusinessInfo, restrictionOf } from '../api';
import { loaderError, parseFormReply } from '../../../src/kernel/platform/client';
import { businessProblem } from '../checks';
import { parseEmails } from '../views/InviteDialog';
import { clearTypeCache, fieldCache, TYPE_PREFIX, RESTRICTED_PREFIX } from '../cache';
import { assetList, type AssetPage } from '../../../src/kernel/graph/paging';
import { GraphError, type Bridge } from '../../../src/kernel/bridge/bridge';
import { setDocCatalogue } from '../../../src/kernel/graph/doc-catalogue';
import { createKernelStore } from '../../../src/kernel/store/store';
import { readCached } from '../../../src/kernel/store/ttl-cache';

/** A bridge whose every request answers `reply` (and records the URL). */
function fakeBridge(reply: (url: string, body?: string) => { ok: boolean; status: number; body: unknown }): Bridge & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    transport: {} as Bridge['transport'],
    send: async (url, init) => { urls.push(url); return { ...reply(url, init.body), headers: {} } as never; },
    graph: async () => { throw new Error('not used'); },
  };
}

describe('the business type', () => {
  it('is BM plus the ad-account limit, and BM1 when the limit is missing or nonsense', () => {
    expect(bmType(5000)).toBe('BM5000');
    expect(bmType('250')).toBe('BM250');
    expect(bmType(undefined)).toBe('BM1');
    expect(bmType(0)).toBe('BM1');
    expect(bmType('x')).toBe('BM1');
  });

  it('reads payload.adAccountLimit from the limit form (for (;;); prefix) and falls back to BM1 when the form fails', async () => {
    const ok = fakeBridge(() => ({ ok: true, status: 200, body: 'for (;;);{"__ar":1,"payload":{"adAccountLimit":50,"businessID":"1"}}' }));
    expect(await adAccountLimit(ok, '100200000000001')).toBe(50);
    expect(await businessType(ok, '100200000000001')).toBe('BM50');
    expect(ok.urls[0]).toBe('https://business.facebook.com/business/adaccount/limits/');
    const refused = fakeBridge(() => ({ ok: true, status: 200, body: 'for (;;);{"__ar":1,"error":1357004,"errorSummary":"Sorry, something went wrong","payload":null}' }));
    await expect(adAccountLimit(refused, '1')).rejects.toThrow('Sorry, something went wrong');
    expect(await businessType(refused, '1')).toBe('BM1');
    const down = fakeBridge(() => ({ ok: false, status: 500, body: '<html>' }));
    expect(await businessType(down, '1')).toBe('BM1');
  });

  it('parses form replies with and without the prefix', () => {
    expect(parseFormReply('{"payload":{"a":1}}')).toEqual({ payload: { a: 1 }, error: null });
    expect(parseFormReply('not json').error).toBe('Unknown error');
  });
});

describe('the restriction flag', () => {
  it('is the string "true" or "false" from the restriction check', async () => {
    setDocCatalogue({ BusinessRestrictionCheckQuery: '29002000000000002' });
    const restricted = fakeBridge(() => ({ ok: true, status: 200, body: { data: { entity: { id: '1', is_restricted: true } } } }));
    expect(await restrictionOf(restricted, '1')).toBe('true');
    const fine = fakeBridge(() => ({ ok: true, status: 200, body: { data: { entity: { id: '1', is_restricted: false } } } }));
    expect(await restrictionOf(fine, '1')).toBe('false');
    setDocCatalogue(null);
  });
});

describe('the loader error', () => {
  it('is the graph error message, else the exception message, else "Unknown error"', () => {
    expect(loaderError(new GraphError('(#17) User request limit reached', 400, 17)).message).toBe('(#17) User request limit reached');
    expect(loaderError(new TypeError('Failed to fetch')).message).toBe('Failed to fetch');
    expect(loaderError(new Error('')).message).toBe('Unknown error');
    expect(loaderError(undefined).message).toBe('Unknown error');
    expect(loaderError({ weird: true }).message).toBe('Unknown error');
  });
});

describe('asset list paging (200 a page, at most 200 pages, 500 ms apart)', () => {
  const page = (items: number[], hasNextPage: boolean, endCursor: string | null): AssetPage<number> => ({ items, hasNextPage, endCursor });
  const noWait = async () => {};

  it('stops when there is no next page, or no end cursor', async () => {
    expect(await assetList(async (c) => (c === null ? page([1], true, 'a') : page([2], false, 'b')), { sleep: noWait })).toEqual([1, 2]);
    expect(await assetList(async () => page([1], true, null), { sleep: noWait })).toEqual([1]);
  });

  it('retries a cursor that does not advance once after a delay, then stops', async () => {
    const asked: (string | null)[] = [];
    const waits: number[] = [];
    const items = await assetList(async (c) => { asked.push(c); return c === null ? page([1], true, 'a') : page([2], true, 'a'); }, { sleep: async (ms) => { waits.push(ms); } });
    expect(asked).toEqual([null, 'a', 'a']);
    expect(items).toEqual([1, 2]); // the repeated page counts once
    expect(waits).toEqual([500, 1000]);
  });

  it('goes on when the retry advances', async () => {
    let retried = false;
    const items = await assetList(async (c) => {
      if (c === null) return page([1], true, 'a');
      if (c === 'a' && !retried) { retried = true; return page([], true, 'a'); }
      if (c === 'a') return page([2], true, 'b');
      return page([3], false, null);
    }, { sleep: noWait });
    expect(items).toEqual([1, 2, 3]);
  });

  it('stops at the maximum page count', async () => {
    let n = 0;
    const items = await assetList(async () => { n += 1; return page([n], true, `c${n}`); }, { sleep: noWait, maxPages: 200 });
    expect(items.length).toBe(200);
    expect(n).toBe(200);
  });
});

describe('the business-info parser', () => {
  const first = '{"data":{"business":{"id":"100200000000001","name":"Main <b>","ad_account_limit":5000,"is_restricted":false}}}';
  it('reads the result before the first label marker', () => {
    const text = `${first}\r\n{"label":"BusinessInfoQuery$defer$BusinessInfoCounts","path":["business"],"data":{"people_count":3}}\r\n{"extensions":{"is_final":true}}`;
    expect(parseBusinessInfo(text)).toMatchObject({ id: '100200000000001', name: 'Main <b>', ad_account_limit: 5000, is_restricted: false });
  });
  it('reads a reply without deferred parts, with the for (;;); prefix, and a label marker on the same line', () => {
    expect(parseBusinessInfo(first)?.name).toBe('Main <b>');
    expect(parseBusinessInfo(`for (;;);${first}`)?.id).toBe('100200000000001');
    expect(parseBusinessInfo(`${first}{"label":"x","data":{}}`)?.id).toBe('100200000000001');
  });
  it('answers null for an error reply or garbage', () => {
    expect(parseBusinessInfo('{"errors":[{"message":"x"}],"data":null}')).toBeNull();
    expect(parseBusinessInfo('<html>')).toBeNull();
    expect(parseBusinessInfo('')).toBeNull();
  });
});

describe('hidden administrators', () => {
  it('are admins of the settings people list whom business_users does not list', () => {
    const people = [
      { id: '1', user_id: 'u1', name: 'A', email: 'a@x', role: 'ADMIN' },
      { id: '2', user_id: 'u2', name: 'B', email: 'b@x', role: 'ADMIN' },
      { id: '3', user_id: 'u3', name: 'C', email: 'c@x', role: 'EMPLOYEE' },
    ];
    expect(hiddenAdmins(people, [{ id: '1' }]).map((p) => p.id)).toEqual(['2']);
    expect(hiddenAdmins(people, [{ id: '1' }, { id: '2' }])).toEqual([]);
  });
});

describe('the invitation list and preflight', () => {
  it('splits, trims, drops blanks and duplicates, and names the lines that are not addresses', () => {
    expect(parseEmails(' a@b.co \n\nA@b.co\nnot an email\nc@d.org\r\n')).toEqual({ emails: ['a@b.co', 'c@d.org'], bad: [{ line: 4, text: 'not an email' }] });
  });
  it('flags a business the operator is not admin of, a restricted one where access is added, and a non-business id', () => {
    expect(businessProblem({ id: '1', roles: ['EMPLOYEE'] }, 'admin')?.key).toBe('preflight.notAdmin');
    expect(businessProblem({ id: '1', roles: ['ADMIN'], isRestricted: 'true' }, 'usable')?.key).toBe('preflight.restricted');
    expect(businessProblem({ id: '1', roles: ['ADMIN'], isRestricted: 'true' }, 'admin')).toBeNull();
    expect(businessProblem({ id: 'act_1' }, 'admin')?.key).toBe('preflight.notBusiness');
  });
});

describe('the per-business caches', () => {
  it('keep the type and restriction flag; a forced reload clears the types only', async () => {
    const store = createKernelStore();
    const cache = fieldCache(store);
    let reads = 0;
    expect(await cache.bmtype('1', async () => { reads += 1; return 'BM5'; })).toBe('BM5');
    expect(await cache.bmtype('1', async () => { reads += 1; return 'BM9'; })).toBe('BM5');
    expect(await cache.isRestricted('1', async () => 'true')).toBe('true');
    expect(reads).toBe(1);
    expect(clearTypeCache(store)).toBe(1);
    expect(readCached(store, `${TYPE_PREFIX}1`).found).toBe(false);
    expect(readCached(store, `${RESTRICTED_PREFIX}1`).found).toBe(true);
    expect(await cache.bmtype('1', async () => 'BM9')).toBe('BM9');
  });
});
