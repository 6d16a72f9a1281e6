// Name patterns (src/kernel/platform/name-pattern.ts): `{index}` counts 1…N in the order shown, the
// placeholders fill in, find and replace changes the current name, and every problem reaches the
// operator as a field message in both languages, never as the engine's English.
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { createI18n } from '../../src/kernel/i18n';
import { fillName, findProblems, positionOf, regexProblem, replaceInName, templateProblems } from '../../src/kernel/platform/name-pattern';
import { compiledSchemas, loadValidators, validateActionParams } from '../../src/kernel/runner/params';
import { fieldMessage } from '../../src/kernel/runner/field-message';
import { planItems } from '../../src/kernel/runner/draft';
import { dryRun } from '../../src/kernel/runner/dry-run';
import type { ActionHandlers } from '../../src/kernel/plugin/types';
import type { JobItem } from '../../src/kernel/runner/types';
import type { Bridge } from '../../src/kernel/bridge/bridge';
import rename from '../../plugins/adaccount/actions/rename';
import pageRename from '../../plugins/page/actions/rename';
import basicInfo from '../../plugins/bm/actions/update-basic-info';
import assetGroup from '../../plugins/bm/actions/create-asset-group';
import dataset from '../../plugins/pixel/actions/create-dataset';

const registry = createRegistry(import.meta.glob('/plugins/*/index.ts', { eager: true }));
let i18n: I18n;
beforeAll(async () => {
  await loadValidators();
  i18n = await createI18n(registry.plugins, 'en-US');
  await i18n.changeLanguage('zh-CN');
  await i18n.changeLanguage('en-US');
});
const t = (lng: string) => (key: string, options?: Record<string, unknown>) => i18n.t(key, { lng, ...options });

describe('name patterns', () => {
  const account = { name: 'Shop US', id: '1234', business: 'Acme', currency: 'USD' };

  it('numbers items by their position and pads {index:N}', () => {
    expect([1, 2, 20].map((n) => fillName('ACME | US | {index:2} | {id}', account, n))).toEqual(['ACME | US | 01 | 1234', 'ACME | US | 02 | 1234', 'ACME | US | 20 | 1234']);
    expect(fillName('{index}', account, 7)).toBe('7');
    expect(fillName('{index:3}', account, 7)).toBe('007');
    expect(fillName('{index:2}', account, 123)).toBe('123');
  });

  it('fills {name}, {id}, {business} and {currency}; empty when the item has none', () => {
    expect(fillName('{business}/{currency}/{name}/{id}', account, 1)).toBe('Acme/USD/Shop US/1234');
    expect(fillName('[{business}] {name}', { name: 'Solo', id: '9' }, 1)).toBe('[] Solo');
    expect(fillName('  {name}  ', { name: 'x' }, 1)).toBe('x');
  });

  it('writes {{ and }} as braces and keeps a stray brace', () => {
    expect(fillName('{{{index}}} a { b', account, 4)).toBe('{4} a { b');
  });

  it('reports unknown placeholders instead of writing them', () => {
    expect(templateProblems('{index} {nmae}')).toEqual([{ key: 'kernel:pattern.unknown', values: { placeholder: '{nmae}' } }]);
    expect(templateProblems('{index:0}')[0].key).toBe('kernel:pattern.indexWidth');
    expect(templateProblems('{index:99}')[0].key).toBe('kernel:pattern.indexWidth');
    expect(templateProblems('{name:3}')[0].key).toBe('kernel:pattern.unknown');
    expect(templateProblems('ACME | {index:2} | {id} | {business} | {currency} | {name}')).toEqual([]);
    expect(() => fillName('{nmae}', account, 1)).toThrow(/\{nmae\}/);
  });

  it('finds and replaces plain text as typed, every occurrence, `$` and dots included', () => {
    expect(replaceInName('a.b.a', { find: '.', replace: '$&' })).toBe('a$&b$&a');
    expect(replaceInName('US shop US', { find: 'US', replace: 'EU' })).toBe('EU shop EU');
    expect(replaceInName('kept', { find: '', replace: 'x' })).toBe('kept');
    expect(fillName('{name} #{index}', { name: 'Shop US' }, 2, { find: 'US', replace: 'EU' })).toBe('Shop EU #2');
  });

  it('finds and replaces with a regular expression and its groups', () => {
    expect(replaceInName('Shop 12 - 34', { find: '\\d+', replace: 'N', regex: true })).toBe('Shop N - N');
    expect(replaceInName('Doe, John', { find: '(\\w+), (\\w+)', replace: '$2 $1', regex: true })).toBe('John Doe');
  });

  it('says why a regular expression does not compile, by what the operator did', () => {
    expect(regexProblem('(abc')?.key).toBe('kernel:pattern.regex.openGroup');
    expect(regexProblem('abc)')?.key).toBe('kernel:pattern.regex.closeGroup');
    expect(regexProblem('[abc')?.key).toBe('kernel:pattern.regex.openClass');
    expect(regexProblem('*abc')?.key).toBe('kernel:pattern.regex.nothingToRepeat');
    expect(regexProblem('abc\\')?.key).toBe('kernel:pattern.regex.trailingBackslash');
    expect(regexProblem('[z-a]')?.key).toBe('kernel:pattern.regex.classRange');
    expect(regexProblem('a{3,1}')?.key).toBe('kernel:pattern.regex.repeatRange');
    expect(regexProblem('a+b')).toBeNull();
    expect(findProblems({ find: '(', regex: false })).toEqual([]);
    expect(findProblems({ find: '', replace: 'x' })[0].problem.key).toBe('kernel:pattern.findMissing');
  });

  it('numbers a job item from the index the runner planned; an item stored before is 1', () => {
    expect(positionOf({ id: 'a', index: 0 })).toBe(1);
    expect(positionOf({ id: 'a', index: 19 })).toBe(20);
    expect(positionOf({ id: 'a' })).toBe(1);
  });
});

describe('pattern problems as field messages', () => {
  const messages = (params: Record<string, unknown>) => validateActionParams(compiledSchemas, 'adaccount.rename', params)
    .map((e) => ({ field: e.field, en: fieldMessage(e, t('en-US'), 'en-US'), zh: fieldMessage(e, t('zh-CN'), 'zh-CN') }));

  it('an unknown placeholder is a problem of the name, in both languages', () => {
    const [m, ...rest] = messages({ name: 'ACME {idx}' });
    expect(rest).toEqual([]);
    expect(m.field).toBe('name');
    expect(m.en).toMatch(/^\{idx\} is not a placeholder/);
    expect(m.zh).toMatch(/^\{idx\} 不是可用的占位符/);
  });

  it('a bad regular expression is a problem of Find, in the operator’s words (not the engine’s)', () => {
    const [m] = messages({ name: '{name}', find: 'US(', replace: 'EU', regex: true });
    expect(m.field).toBe('find');
    expect(m.en).toMatch(/opens a group "\(" that is never closed/);
    expect(m.zh).toMatch(/未闭合的分组/);
    expect(m.en).not.toMatch(/Invalid regular expression|Unterminated/);
    expect(messages({ name: '{name}', find: 'US(', replace: 'EU' })).toEqual([]);
  });

  it('find and replace without {name} in the new name is a problem', () => {
    const [m] = messages({ name: 'ACME {index}', find: 'US', replace: 'EU' });
    expect(m.field).toBe('find');
    expect(m.en).toMatch(/put \{name\} in the new name/);
  });

  it('parameters stored by an older version (no find, replace or regex) still pass', () => {
    expect(messages({ name: '{name} - {index}' })).toEqual([]);
  });

  it('the other naming actions check their name patterns too', () => {
    for (const [key, params] of [['bm.createAssetGroup', { name: 'G {indx}' }], ['pixel.createDataset', { name: 'D {indx}' }], ['bm.updateBasicInfo', { name: 'B {indx}' }]] as const) {
      expect(validateActionParams(compiledSchemas, key, params).map((e) => e.key), key).toEqual(['kernel:pattern.unknown']);
    }
    expect(validateActionParams(compiledSchemas, 'page.rename', { name: 'P {indx}', password: 'x' }).map((e) => e.key)).toEqual(['kernel:pattern.unknown']);
  });
});

describe('the dry run and the write name every item alike', () => {
  it('the planned items are numbered in the order given, and the preview lists every row', async () => {
    const plugin = registry.plugins.find((p) => p.id === 'adaccount')!;
    const action = plugin.actions.find((a) => a.id === 'adaccount.rename')!;
    const selection = Array.from({ length: 120 }, (_, i) => ({ id: `act_${1000 + (i * 7) % 120}`, name: `Acc ${i}` }));
    const params = { name: 'ACME | US | {index:3} | {id}' };
    const planned = planItems(plugin, action, params, selection);
    expect(planned.map((p) => p.item.index)).toEqual(selection.map((_, i) => i));
    const preview = await dryRun({ handlers: rename as unknown as ActionHandlers<JobItem, unknown, unknown>, params, planned, batched: true, bridge: {} as Bridge, count: 0 });
    expect(preview.effects).toHaveLength(120);
    preview.effects.forEach((e, i) => expect(e.values?.to).toBe(`ACME | US | ${String(i + 1).padStart(3, '0')} | ${selection[i].id.slice(4)}`));
    // the batch entry the job sends carries the same name as the preview
    planned.forEach((p, i) => expect(new URLSearchParams(rename.toBatch!(p.item, params).body).get('name')).toBe(preview.effects[i].values?.to));
  });
});

describe('every action that writes a name counts with the pattern', () => {
  const planFor = (pluginId: string, actionId: string, params: Record<string, unknown>, items: JobItem[]) => {
    const plugin = registry.plugins.find((p) => p.id === pluginId)!;
    return planItems(plugin, plugin.actions.find((a) => a.id === actionId)!, params, items);
  };
  const preview = async (handlers: unknown, planned: ReturnType<typeof planFor>, params: Record<string, unknown>) =>
    (await dryRun({ handlers: handlers as ActionHandlers<JobItem, unknown, unknown>, params, planned, batched: false, bridge: {} as Bridge, count: 0 })).effects.map((e) => e.values?.name);
  const businesses = [{ id: '300', name: 'Gamma' }, { id: '100', name: 'Alpha' }, { id: '200', name: 'Beta' }];

  it('page rename: {index}, {name} after find and replace, sent as previewed', async () => {
    const params = { name: '{name} {index:2}', find: 'Old', replace: 'New', password: 'x' };
    const planned = planFor('page', 'page.rename', params, [{ id: '9', name: 'Old shop' }, { id: '8', name: 'Old cafe' }]);
    expect(await preview(pageRename, planned, params)).toEqual(['New shop 01', 'New cafe 02']);
  });

  it('business basic info: the name pattern, or the name left as it is', async () => {
    const params = { name: '{name} / {index}' };
    expect(await preview(basicInfo, planFor('bm', 'bm.updateBasicInfo', params, businesses), params)).toEqual(['Gamma / 1', 'Alpha / 2', 'Beta / 3']);
    const pageOnly = { primary_page_id: '55' };
    expect(await preview(basicInfo, planFor('bm', 'bm.updateBasicInfo', pageOnly, businesses), pageOnly)).toEqual(['Gamma', 'Alpha', 'Beta']);
  });

  it('asset groups and datasets: one name per business, numbered in the order given', async () => {
    const params = { name: 'Group {index:3} {business} {id}' };
    expect(await preview(assetGroup, planFor('bm', 'bm.createAssetGroup', params, businesses), params)).toEqual(['Group 001 Gamma 300', 'Group 002 Alpha 100', 'Group 003 Beta 200']);
    const ds = { name: 'Web {index}' };
    expect(await preview(dataset, planFor('pixel', 'pixel.createDataset', ds, businesses), ds)).toEqual(['Web 1', 'Web 2', 'Web 3']);
  });
});
