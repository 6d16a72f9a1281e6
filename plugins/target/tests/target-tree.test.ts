// The taxonomy tree of the interest-targeting area (plugins/target/tree.ts) and its helpers.
import { describe, expect, it } from 'vitest';
import { buildTaxonomy, filterTaxonomy, interestsUnder } from '../tree';
import { audienceRange, toInterest, type Interest } from '../interest';
import { defaultAccount } from '../api';
import { csvName } from '../csv';

const it_ = (id: string, path: string[], name = path[path.length - 1]!): Interest => ({ id, name, path, lower: 10, upper: 20, topic: path[1] ?? '', description: '' });

describe('the taxonomy tree', () => {
  const items = [
    it_('3', ['Interests', 'Fitness and wellness', 'Yoga', 'Yoga']),
    it_('1', ['Interests', 'Fitness and wellness', 'Fitness', 'Fitness']),
    it_('2', ['Interests', 'Fitness and wellness', 'Fitness', 'Physical fitness']),
    it_('4', ['Interests', 'Technology', 'Gaming', 'Esports']),
    it_('1', ['Interests', 'Fitness and wellness', 'Fitness', 'Fitness']), // a duplicate row
    it_('5', ['Interests', 'Technology'], 'Technology news'), // the path ends at its category
  ];
  const tree = buildTaxonomy(items);

  it('nests categories by path with interests as leaves, counting the interests below each', () => {
    expect(tree.map((n) => n.label)).toEqual(['Interests']);
    const interests = tree[0]!;
    expect(interests.count).toBe(5);
    expect(interests.children.map((n) => n.label)).toEqual(['Fitness and wellness', 'Technology']);
    const fitness = interests.children[0]!.children.find((n) => n.label === 'Fitness')!;
    expect(fitness.children.map((n) => n.interest?.id)).toEqual(['1', '2']);
    expect(fitness.count).toBe(2);
  });

  it('sorts categories before interests and names a leaf by the interest', () => {
    const tech = tree[0]!.children[1]!;
    expect(tech.children.map((n) => [n.label, !!n.interest])).toEqual([['Gaming', false], ['Technology news', true]]);
    expect(tech.count).toBe(2);
  });

  it('filters by category or interest name and keeps the way down', () => {
    const shown = filterTaxonomy(tree, 'physical');
    expect(interestsUnder(shown[0]!).map((i) => i.id)).toEqual(['2']);
    expect(interestsUnder(filterTaxonomy(tree, 'FITNESS')[0]!).map((i) => i.id).sort()).toEqual(['1', '2', '3']);
    expect(filterTaxonomy(tree, 'nothing-like-this')).toEqual([]);
    expect(filterTaxonomy(tree, '  ')).toHaveLength(1);
  });

  it('gives every interest below a category for select-all', () => {
    expect(interestsUnder(tree[0]!).map((i) => i.id).sort()).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('interest rows', () => {
  it('reads the two audience bounds, and the single size of old versions', () => {
    expect(toInterest({ id: 7, name: 'A', audience_size_lower_bound: 100, audience_size_upper_bound: 150, path: ['x', 'A'] })).toMatchObject({ id: '7', lower: 100, upper: 150 });
    expect(toInterest({ id: '8', audience_size: 500 })).toMatchObject({ lower: 500, upper: 500, path: [], name: '' });
  });
  it('shows the range compactly in the operator language', () => {
    expect(audienceRange({ lower: 1_200_000, upper: 1_400_000 }, 'en-US')).toBe('1.2M – 1.4M');
    expect(audienceRange({ lower: 0, upper: 0 }, 'en-US')).toBe('');
    expect(audienceRange({ lower: 1_200_000, upper: 1_400_000 }, 'zh-CN')).toBe('120万 – 140万');
  });
  it('browses with the first active account by default', () => {
    expect(defaultAccount([{ id: 'act_1', name: 'a', account_status: 2 }, { id: 'act_2', name: 'b', account_status: 1 }])).toBe('act_2');
    expect(defaultAccount([{ id: 'act_1', name: 'a', account_status: 2 }])).toBe('act_1');
    expect(defaultAccount([])).toBeNull();
  });
  it('names an export file safely', () => {
    expect(csvName('a/b:c<script>', new Date('2026-01-02T00:00:00Z'))).toBe('a_b_c_script_-2026-01-02.csv');
  });
});
