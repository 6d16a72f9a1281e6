// The document catalogue as the extension reads it (protocol/documents.ts): from the product origin,
// without cookies or cache, kept a minute, read again when a document is not in it; an untrustworthy
// answer is no catalogue at all.
import { describe, expect, it } from 'vitest';
import { CATALOGUE_REFRESH_MIN_MS, CATALOGUE_TTL_MS, createCatalogueSource, parseDocCatalogue } from '../../protocol';
import { fakeFetch } from './fakes';

const ORIGIN = 'http://127.0.0.1:8080';
const answer = (data: unknown, status = 200) => Response.json({ status: 1, code: 20000, info: 'OK', data }, { status });

describe('the document catalogue', () => {
  it('is read from the origin without cookies, cache or redirects, and kept for a minute', async () => {
    let now = 0;
    let map: Record<string, string> = { AdAccountAppealStatusQuery: '3' };
    const f = fakeFetch(() => answer(map));
    const source = createCatalogueSource({ fetch: f.fetch, now: () => now });
    expect((await source(ORIGIN))?.docIdFor('AdAccountAppealStatusQuery')).toBe('3');
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0]).toMatchObject({ url: `${ORIGIN}/api/graphql-docs`, init: { credentials: 'omit', cache: 'no-store', redirect: 'error' } });
    map = { AdAccountAppealStatusQuery: '4' };
    now = CATALOGUE_TTL_MS - 1;
    expect((await source(ORIGIN))?.docIdFor('AdAccountAppealStatusQuery')).toBe('3');
    expect(f.calls).toHaveLength(1);
    // An admin's change reaches the extension: a fresh read when a document is unknown, at most every 5 s…
    expect((await source(ORIGIN, true))?.docIdFor('AdAccountAppealStatusQuery')).toBe('4');
    expect(f.calls).toHaveLength(2);
    now += CATALOGUE_REFRESH_MIN_MS - 1;
    await source(ORIGIN, true);
    expect(f.calls).toHaveLength(2);
    // …and past the minute anyway.
    now += CATALOGUE_TTL_MS;
    await source(ORIGIN);
    expect(f.calls).toHaveLength(3);
    // Each product origin has its own.
    await source('http://127.0.0.1:9090');
    expect(f.calls.at(-1)!.url).toBe('http://127.0.0.1:9090/api/graphql-docs');
  });

  it('an answer that cannot be trusted is no catalogue, and is asked again soon', async () => {
    let now = 0;
    const bodies: (() => Response)[] = [
      () => answer({ AdAccountAppealStatusQuery: '5', AdAccountRemoveUserMutation: '5' }),
      () => answer({ AdAccountAppealStatusQuery: 'x' }),
      () => answer(null, 500),
      () => new Response('<html>', { status: 200 }),
      () => answer({ AdAccountAppealStatusQuery: '3' }),
    ];
    const problems: string[] = [];
    const f = fakeFetch(() => bodies.shift()!());
    const source = createCatalogueSource({ fetch: f.fetch, now: () => now, onProblem: (p) => problems.push(p) });
    for (let i = 0; i < 4; i++) {
      expect(await source(ORIGIN)).toBeNull();
      now += CATALOGUE_REFRESH_MIN_MS;
    }
    expect(problems[0]).toContain('gives document 5 to both AdAccountAppealStatusQuery and AdAccountRemoveUserMutation');
    expect((await source(ORIGIN))?.docIdFor('AdAccountAppealStatusQuery')).toBe('3');
  });

  it('takes only names and digit ids', () => {
    expect(parseDocCatalogue({ Good: '1', Other: '2' })).toMatchObject({ ok: true, value: { size: 2 } });
    for (const bad of [[], 'x', null, { '1Bad': '1' }, { Good: 1 }, { Good: '1a' }]) expect(parseDocCatalogue(bad).ok).toBe(false);
  });
});
