import { describe, expect, it } from 'vitest';
import { applyPageSizes, currentPageSizes, isPageSize } from '../../src/kernel/auth/page-sizes';
import { getItem } from '../../src/kernel/storage';

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
