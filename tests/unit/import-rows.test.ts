// Lines of a spreadsheet as job items with their own values (src/kernel/runner/import-rows.ts,
// docs/IMPORT.md), over the real compiled schemas: the mapping guessed from headers, cells read as
// the parameter takes them, every unusable line listed by its number, and a job's export read back.
import { beforeAll, describe, expect, it } from 'vitest';
import { schemas } from '../../src/generated/schemas.js';
import { compiledSchemas, loadValidators } from '../../src/kernel/runner/params';
import { cellValue, guessMapping, importableFields, lookupsOf, numberOf, objectFinder, readRows } from '../../src/kernel/runner/import-rows';
import { valuesTable } from '../../src/kernel/runner/export-values';
import type { StoredItem } from '../../src/kernel/runner/job-store';

beforeAll(() => loadValidators());

const accounts = Array.from({ length: 6 }, (_, i) => ({ id: `act_10${i}`, name: `Account ${i}`, currency: i % 2 ? 'JPY' : 'USD' }));
const cap = (rows: string[][], form: Record<string, unknown> = {}) => readRows({
  rows, mapping: guessMapping(rows[0]!, [{ name: 'amount', label: 'Spending limit' }], ['ID']), schemaKey: 'adaccount.setSpendCap',
  schema: schemas['adaccount.setSpendCap'], schemas: compiledSchemas, form, pool: accounts,
});

describe('reading a spreadsheet\'s lines', () => {
  it('guesses the id column and a parameter by its label, in any case and spacing', () => {
    expect(guessMapping(['Account', ' spending LIMIT ', 'ID'], [{ name: 'amount', label: 'Spending limit' }], ['编号'])).toEqual({ id: 2, params: { amount: 1 } });
    expect(guessMapping(['编号', 'amount'], [{ name: 'amount', label: '花费上限' }], ['编号'])).toEqual({ id: 0, params: { amount: 1 } });
    // no id header: the column whose values are known ids
    const find = objectFinder(accounts);
    expect(guessMapping(['Name', 'Which', 'Spending limit'], [{ name: 'amount', label: 'Spending limit' }], [], (c) => !!find(c), [['x', '100', '5'], ['y', 'act_101', '6']])).toEqual({ id: 1, params: { amount: 2 } });
  });

  it('writes each good line, lists the bad ones by line number, never an unknown id', () => {
    const result = cap([
      ['ID', 'Spending limit'],
      ['act_100', '1,500.50'],
      ['101', '2000'],
      ['', ''],
      ['act_999', '10'],
      ['act_102', '-3'],
      ['act_103', 'lots'],
      ['act_100', '7'],
      ['', '9'],
      ['https://adsmanager.facebook.com/adsmanager/manage/campaigns?act=104', '50'],
    ]);
    expect(result.items.map((i) => [i.id, i.params])).toEqual([['act_100', { amount: 1500.5 }], ['act_101', { amount: 2000 }], ['act_104', { amount: 50 }]]);
    expect(result.lines).toEqual([2, 3, 10]);
    expect(result.blank).toBe(1);
    expect(result.problems.map((p) => [p.line, p.kind, p.field])).toEqual([
      [5, 'unknown', ''], [6, 'invalid', 'amount'], [7, 'invalid', 'amount'], [8, 'duplicate', ''], [9, 'noId', ''],
    ]);
    expect(result.problems[0]!.text).toBe('act_999');
    expect(result.problems[3]!.first).toBe(2);
    // the invalid line carries the schema's own message key (the operator reads its text)
    expect(result.problems[1]!.errors![0]!.key).toBe('adaccount:actions.setSpendCap.errors.amount');
    // the list's item is kept whole (its name and currency go with the values)
    expect(result.items[0]).toMatchObject({ name: 'Account 0', currency: 'USD' });
  });

  it('reads a cell as its parameter takes it', () => {
    const role = schemas['bm.inviteUser']!.properties as Record<string, never>;
    expect(cellValue(role['role'], 'employee')).toBe('EMPLOYEE');
    expect(cellValue(role['role'], 'Finance editor', (v) => ({ FINANCE_EDITOR: 'Finance editor' } as Record<string, string>)[String(v)] ?? String(v))).toBe('FINANCE_EDITOR');
    expect(cellValue(role['emails'], 'a@x.com; B@x.com\nc@x.com')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
    const share = schemas['pixel.shareToAccounts']!.properties as Record<string, never>;
    expect(cellValue(share['account_ids'], 'act_123')).toEqual(['123']);
    expect(numberOf('1 234,5')).toBeNull();
    expect(numberOf('12,345')).toBe(12345);
    expect(numberOf('1e3')).toBe(1000);
    expect(numberOf('abc')).toBeNull();
  });

  it('people named by user name or link are looked up once, then read as the id found', () => {
    const pages = [{ id: '700' }, { id: '701' }];
    const rows = [['ID', 'People'], ['700', 'jane.doe'], ['701', 'https://www.facebook.com/jane.doe'], ['700', '4242'], ['701', 'no.such.person']];
    const mapping = guessMapping(rows[0]!, [{ name: 'uids', label: 'People' }], []);
    const asks = lookupsOf(rows, mapping, schemas['page.removeAdmin']);
    expect([...asks.entries()].map(([f, set]) => [f, [...set]])).toEqual([['person', ['jane.doe', 'https://www.facebook.com/jane.doe', 'no.such.person']]]);
    const looked = new Map([['jane.doe', '555'], ['https://www.facebook.com/jane.doe', '555'], ['no.such.person', 'no.such.person']]);
    const result = readRows({
      rows, mapping, schemaKey: 'page.removeAdmin', schema: schemas['page.removeAdmin'], schemas: compiledSchemas, form: {}, pool: pages, pairParam: 'uids', looked,
    });
    expect(result.items.map((i) => [i.id, i.params])).toEqual([['700', { uids: ['555'] }], ['701', { uids: ['555'] }], ['700', { uids: ['4242'] }]]);
    expect(result.problems.map((p) => [p.line, p.kind, p.field])).toEqual([[5, 'invalid', 'uids']]);
  });

  it('a pair action: each line is one business and one address, with its own role', () => {
    const businesses = [{ id: '500' }, { id: '501' }];
    const rows = [['ID', 'E-mail addresses', 'Role'], ['500', 'a@x.com', 'Admin'], ['500', 'b@x.com', 'employee'], ['501', 'a@x.com', 'Boss'], ['500', 'A@x.com', 'Admin']];
    const result = readRows({
      rows, mapping: guessMapping(rows[0]!, [{ name: 'emails', label: 'E-mail addresses' }, { name: 'role', label: 'Role' }], []),
      schemaKey: 'bm.inviteUser', schema: schemas['bm.inviteUser'], schemas: compiledSchemas, form: {}, pool: businesses, pairParam: 'emails',
      enumLabel: (_f, v) => ({ ADMIN: 'Admin', EMPLOYEE: 'Employee' } as Record<string, string>)[String(v)] ?? String(v),
    });
    expect(result.items.map((i) => [i.id, i.params])).toEqual([['500', { emails: ['a@x.com'], role: 'ADMIN' }], ['500', { emails: ['b@x.com'], role: 'EMPLOYEE' }]]);
    expect(result.problems.map((p) => [p.line, p.kind])).toEqual([[4, 'invalid'], [5, 'duplicate']]);
  });

  it('an exported job reads back as the same items with the same values (and an edit changes only that line)', () => {
    const action = { pluginId: 'adaccount', verb: 'rename', pairs: undefined };
    const t = (key: string, o?: Record<string, unknown>) => (key === 'import.idHeader' ? 'ID' : String(o?.defaultValue ?? key));
    const stored = (i: number, params?: Record<string, unknown>): StoredItem => ({
      rowId: `j:${i}`, jobId: 'j', index: i, itemId: accounts[i]!.id, item: JSON.stringify({ ...accounts[i], ...(params ? { params } : {}) }), state: 'done', attempts: 1,
      message: '', output: '', scope: '', requestId: '', deadline: 0, finishedAt: 1,
    });
    const table = valuesTable(action, schemas['adaccount.rename'], { find: 'Old' }, [stored(0, { name: '-{name} spring' }), stored(1, { name: '=Sale {name}' }), stored(2, { name: '{name} summer' })], t);
    expect(table[0]).toEqual(['ID', 'New name', 'Find in the current name', 'Replace with', 'Find is a regular expression', 'runner.itemState.done', 'import.messageColumn'].map((h) => (h.startsWith('runner') ? 'import.stateColumn' : h)));
    // as a spreadsheet program gives it back: text cells, the formula-like name guarded by the CSV writer's quote
    const edited = table.map((line) => line.map((c) => (c === '=Sale {name}' || c === '-{name} spring' ? `'${String(c)}` : String(c))));
    edited[3]![1] = 'Autumn {name}';
    const fields = importableFields(schemas['adaccount.rename']).map((name) => ({ name, label: String(table[0]![importableFields(schemas['adaccount.rename']).indexOf(name) + 1]) }));
    const result = readRows({
      rows: edited, mapping: guessMapping(edited[0]!, fields, ['ID']), schemaKey: 'adaccount.rename', schema: schemas['adaccount.rename'],
      schemas: compiledSchemas, form: {}, pool: accounts,
    });
    expect(result.problems).toEqual([]);
    expect(result.items.map((i) => [i.id, i.params])).toEqual([
      ['act_100', { name: '-{name} spring', find: 'Old' }], ['act_101', { name: '=Sale {name}', find: 'Old' }], ['act_102', { name: 'Autumn {name}', find: 'Old' }],
    ]);
  });
});
