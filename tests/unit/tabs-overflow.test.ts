import { describe, expect, it } from 'vitest';
import { visibleTabs } from '../../src/kernel/shell/tabs';
import { fitCount } from '../../src/kernel/table/TableToolbar';

describe('fitting a row of items', () => {
  it('shows all items that fit, leaving room for the overflow button when some do not', () => {
    // Items 100 px wide with 6 px gaps end at 100, 206, 312, 418.
    const ends = [100, 206, 312, 418];
    expect(fitCount(ends, 500, 6, 30)).toBe(4);
    expect(fitCount(ends, 418, 6, 30)).toBe(4);
    expect(fitCount(ends, 417, 6, 30)).toBe(3); // 312 + 6 + 30 = 348 fits
    expect(fitCount(ends, 300, 6, 30)).toBe(2); // 206 + 36 = 242 fits, 312 + 36 does not
    expect(fitCount(ends, 120, 6, 30)).toBe(0);
    expect(fitCount([], 100, 6, 30)).toBe(0);
  });

  it('without layout (all ends 0) everything is shown', () => {
    expect(fitCount([0, 0, 0], 1000, 6, 30)).toBe(3);
  });
});

describe('the tabs shown', () => {
  const tabs = ['/a', '/b', '/c', '/d', '/e'].map((path) => ({ path }));
  it('are the first that fit, with the active tab always among them', () => {
    expect(visibleTabs(tabs, '/b', 3).map((t) => t.path)).toEqual(['/a', '/b', '/c']);
    expect(visibleTabs(tabs, '/e', 3).map((t) => t.path)).toEqual(['/a', '/b', '/e']);
    expect(visibleTabs(tabs, '/e', 0).map((t) => t.path)).toEqual(['/e']);
    expect(visibleTabs(tabs, null, 99)).toHaveLength(5);
  });
});
