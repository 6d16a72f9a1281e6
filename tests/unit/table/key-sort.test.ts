import { describe, expect, it } from 'vitest';
import { NEVER } from '../../../src/kernel/table/chunked-sort';
import { ColumnIndex } from '../../../src/kernel/table/column-index';
import { sortTextsByKeys } from '../../../src/kernel/table/key-sort';
import { compareValues } from '../../../src/kernel/table/table-model';

/** The reference: the collator's order (the table's compareValues), ties by item. */
function collatorOrder(texts: readonly string[]): number[] {
  return texts.map((_, i) => i).sort((a, b) => compareValues(texts[a], texts[b]) || a - b);
}

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PARTS = ['Blue', 'blue', 'BLUE', 'Store', 'store-front', 'Ltd.', '(test)', '#1', 'a_b', 'Zeta', 'éclair', 'Eclair', '广告账户', '旗舰店', '美妆', ' ', '  ', '007', '7', '10', '9', '0', '00', '12345678901234567890', 'x2y', '€', '$', ''];

describe('sortTextsByKeys', () => {
  it('orders texts as the collator does: case and accents ignored, numbers by value, punctuation and Han characters', () => {
    const random = prng(7);
    const texts = Array.from({ length: 4000 }, () => {
      const n = 1 + Math.floor(random() * 4);
      return Array.from({ length: n }, () => PARTS[Math.floor(random() * PARTS.length)]).join(random() < 0.5 ? ' ' : '');
    });
    const items = Int32Array.from(texts.keys());
    const sorted = sortTextsByKeys(texts, items, compareValues);
    expect(sorted).not.toBeNull();
    // Equal texts (as the collator sees them) may only differ in order from the reference if the key
    // sort disagreed, which ColumnIndex checks; for these characters it must agree exactly.
    expect(Array.from(sorted!)).toEqual(collatorOrder(texts));
  });

  it('sorts only the given items and declines non-text values', () => {
    const texts = ['b', 'a', 'c', 'a'];
    expect(Array.from(sortTextsByKeys(texts, Int32Array.of(0, 2, 3), compareValues)!)).toEqual([3, 0, 2]);
    expect(sortTextsByKeys(['a', 1, 'b'], Int32Array.of(0, 1, 2), compareValues)).toBeNull();
  });
});

describe('ColumnIndex sorted on demand', () => {
  const rowsOf = (texts: string[]) => texts.map((name, i) => ({ i, name }));
  // Over 2,048 distinct values a column is not dictionary-encoded and keeps its order of rows.
  const distinctTail = Array.from({ length: 2100 }, (_, i) => `zz ${i}`);
  const rowOrder = (head: string[]) => {
    const texts = [...head, ...distinctTail];
    const index = new ColumnIndex(rowsOf(texts), { id: 'name', header: 'Name', value: (r: { name: string }) => r.name });
    index.build(NEVER, true);
    return { index, order: Array.from(index.sortedRows(false)!).slice(0, head.length), texts };
  };

  it('gives the collator order with groups of equal values', () => {
    const texts = ['b 10', 'B 9', 'a', '', 'A', 'b 010'];
    const { index, order } = rowOrder(texts);
    expect(order.slice(0, 5)).toEqual([2, 4, 1, 0, 5]);
    expect(index.sortedRows(false)!.at(-1)).toBe(3); // the empty value last
    const ranks = index.ranks();
    expect(ranks[2]).toBe(ranks[4]); // 'a' = 'A'
    expect(ranks[0]).toBe(ranks[5]); // 10 = 010 (numeric)
    expect(ranks[1]).toBeLessThan(ranks[0]);
  });

  it('falls back to the collator where comparing character by character would be wrong', () => {
    // A collator that treats "ae" and "æ" as equal and sorts "æ" there (an expansion) — not by one
    // character's rank. The key sort ranks "æ" on its own; the pairwise check must catch it.
    expect(compareValues('æ', 'ae')).toBe(0); // the ICU data this test relies on
    const head = Array.from({ length: 300 }, (_, i) => ['aez', 'æa', 'afa', 'aeb', 'ad'][i % 5] + String(i % 7));
    const { order, texts } = rowOrder(head);
    const byKeysAlone = sortTextsByKeys(texts, Int32Array.from(texts.keys()), compareValues)!;
    expect(Array.from(byKeysAlone)).not.toEqual(collatorOrder(texts)); // the key sort alone is wrong here
    expect(order).toEqual(collatorOrder(texts).slice(0, head.length));
  });
});
