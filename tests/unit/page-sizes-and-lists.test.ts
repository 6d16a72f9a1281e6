import { describe, expect, it } from 'vitest';
import { applyPageSizes, currentPageSizes, isPageSize } from '../../src/kernel/auth/page-sizes';
import { getItem } from '../../src/kernel/storage';
import { classifyEntries, registerResolver, resolveEntries } from '../../src/kernel/runner/params';

describe('page sizes from the server config', () => {
  it('accepts only 10, 20, 50 or 100 and ignores anything else', () => {
    expect([10, 20, 50, 100].every(isPageSize)).toBe(true);
    expect([0, 15, 120, '20', null].some(isPageSize)).toBe(false);
    const applied = applyPageSizes({ page_plen: 50, acc_plen: 120, pixel_plen: '20', bm_plen: 100 });
    expect(applied).toEqual(['page_plen', 'bm_plen']);
    expect(getItem('page_per_page')).toBe(50);
    expect(getItem('acc_per_page')).toBeUndefined();
    expect(getItem('bm_per_page')).toBe(100);
    expect(currentPageSizes()).toEqual({ page_plen: 50, acc_plen: 20, pixel_plen: 20, bm_plen: 100 });
  });
});

describe('id lists through a registered resolver', () => {
  it('keeps digits, resolves URLs and codes, leaves the unresolvable undefined and drops refused lines', async () => {
    const stop = registerResolver('page', async (entries) => new Map(entries.map((e) => [e, e.includes('known') ? '104000000000001' : undefined])));
    const entries = classifyEntries('100012345\nhttps://www.facebook.com/known.page\nmissing-code\nhttp://www.facebook.com/x');
    const resolved = await resolveEntries('page', entries);
    expect(resolved).toEqual([
      { text: '100012345', line: 1, id: '100012345' },
      { text: 'https://www.facebook.com/known.page', line: 2, id: '104000000000001' },
      { text: 'missing-code', line: 3, id: undefined },
    ]);
    stop();
    const unresolvedWithout = await resolveEntries('page', classifyEntries('some.code'));
    expect(unresolvedWithout).toEqual([{ text: 'some.code', line: 1, id: undefined }]);
  });
});
