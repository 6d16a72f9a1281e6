import { describe, expect, it } from 'vitest';
import { hasListParams, readListAddress, sameListAddress, writeListAddress, type ListAddress } from '../../../src/kernel/table/list-address';
import { addressFromTable, tableFromAddress, typingKey } from '../../../src/kernel/table/table-address';
import type { DataColumn } from '../../../src/kernel/table/types';

type Row = { name: string; status: string; spent: number };
const columns: DataColumn<Row>[] = [
  { id: 'name', header: 'Name', value: (r) => r.name },
  { id: 'status', header: 'Status', value: (r) => r.status, filter: { options: [{ value: 'Inactive', label: 'Inactive · DISABLED', key: 'DISABLED' }, { value: 'Active', label: 'Active', key: 'ACTIVE' }] } },
  { id: 'spent', header: 'Spent', value: (r) => r.spent, filter: 'number' },
  { id: 'note', header: 'Note', value: () => '', sortable: false, filter: false },
];
const address = (a: Partial<ListAddress>): ListAddress => ({ q: '', sort: [], filters: {}, view: null, ...a });

describe('a list in the address', () => {
  it('reads q, sort, status, f.<col> and view', () => {
    expect(readListAddress('?status=DISABLED&q=acme%20us&sort=spent:desc,name:asc&f.spent=%3E%3D90&view=Near+cap')).toEqual({
      q: 'acme us', sort: [{ id: 'spent', desc: true }, { id: 'name', desc: false }], filters: { status: 'DISABLED', spent: '>=90' }, view: 'Near cap',
    });
  });

  it('reads repeated sort parameters, a bare column as ascending, and ignores what is no sort key', () => {
    expect(readListAddress('sort=name&sort=spent:DESC&sort=name:desc&sort=:asc&sort=x:up').sort).toEqual([{ id: 'name', desc: false }, { id: 'spent', desc: true }]);
  });

  it('f.status wins over status; empty filters are none', () => {
    expect(readListAddress('?status=ACTIVE&f.status=DISABLED&f.name=&f.=x').filters).toEqual({ status: 'DISABLED' });
    expect(readListAddress('?f.status=DISABLED&status=ACTIVE').filters).toEqual({ status: 'DISABLED' });
  });

  it('writes in one order, keeps other parameters, and reads back what it wrote', () => {
    const state = address({ q: 'a&b=c', sort: [{ id: 'spent', desc: true }], filters: { spent: '>=1,000', status: 'DISABLED', name: 'x y' }, view: 'Mine' });
    const search = writeListAddress('?tab=users&q=old&f.old=1', state);
    expect(search).toBe('?tab=users&view=Mine&status=DISABLED&q=a%26b%3Dc&sort=spent:desc&f.spent=%3E%3D1,000&f.name=x+y');
    expect(readListAddress(search)).toEqual(state);
    expect(new URLSearchParams(search).get('tab')).toBe('users');
  });

  it('an empty state leaves no list parameters, and no ? when nothing is left', () => {
    expect(writeListAddress('?q=x&sort=a:asc', address({}))).toBe('');
    expect(writeListAddress('?tab=2&status=ACTIVE', address({}))).toBe('?tab=2');
    expect(hasListParams('?tab=2')).toBe(false);
    expect(hasListParams('?status=DISABLED')).toBe(true);
    expect(hasListParams('?f.spent=1')).toBe(true);
    expect(hasListParams('')).toBe(false);
  });

  it('compares states, not texts', () => {
    expect(sameListAddress(readListAddress('?f.a=1&f.b=2'), readListAddress('?f.b=2&f.a=1'))).toBe(true);
    expect(sameListAddress(readListAddress('?sort=a:asc,b:asc'), readListAddress('?sort=b:asc,a:asc'))).toBe(false);
  });
});

describe('the address and the table', () => {
  it('maps an option by its key both ways, in any case, and drops what the table does not have', () => {
    const state = tableFromAddress(address({ q: 'x', sort: [{ id: 'note', desc: false }, { id: 'gone', desc: true }, { id: 'spent', desc: true }], filters: { status: 'disabled', spent: '>=90', gone: '1', note: 'n' } }), columns);
    expect(state).toEqual({ search: 'x', sorting: [{ id: 'spent', desc: true }], filters: [{ id: 'status', value: 'Inactive' }, { id: 'spent', value: '>=90' }] });
    expect(addressFromTable(state, columns)).toEqual(address({ q: 'x', sort: [{ id: 'spent', desc: true }], filters: { status: 'DISABLED', spent: '>=90' } }));
  });

  it('an option is also found by its value or label; an unknown one is dropped', () => {
    expect(tableFromAddress(address({ filters: { status: 'Active' } }), columns).filters).toEqual([{ id: 'status', value: 'Active' }]);
    expect(tableFromAddress(address({ filters: { status: 'inactive · disabled' } }), columns).filters).toEqual([{ id: 'status', value: 'Inactive' }]);
    expect(tableFromAddress(address({ filters: { status: 'CLOSED' } }), columns).filters).toEqual([]);
  });

  it('typing is one box changing: the search or one typed filter', () => {
    expect(typingKey(address({ q: 'a' }), address({ q: 'ab' }), columns)).toBe('q');
    expect(typingKey(address({}), address({ filters: { spent: '>' } }), columns)).toBe('f.spent');
    expect(typingKey(address({}), address({ filters: { status: 'DISABLED' } }), columns)).toBeNull();
    expect(typingKey(address({ q: 'a' }), address({ q: 'a', sort: [{ id: 'name', desc: false }] }), columns)).toBeNull();
    expect(typingKey(address({ q: 'a' }), address({ q: 'b', filters: { spent: '1' } }), columns)).toBeNull();
  });
});
