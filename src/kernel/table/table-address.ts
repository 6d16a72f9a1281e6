import type { SavedViewState } from '../../../protocol/api';
import { listAddressKey, type ListAddress } from './list-address';
import type { DataColumn } from './types';

/** What of a table the address holds: the search box, the sort keys, the column filters (as the table holds them). */
export interface TableListState {
  search: string;
  sorting: { id: string; desc: boolean }[];
  filters: { id: string; value: string }[];
}

type Columns = readonly DataColumn<never>[] | readonly DataColumn<unknown>[];
const byId = (columns: Columns) => new Map((columns as readonly DataColumn<unknown>[]).map((c) => [c.id, c]));

/** A filter value as the address writes it: an option by its key (a language-independent name), the rest as typed. */
function toAddressValue(column: DataColumn<unknown>, value: string): string {
  if (typeof column.filter !== 'object' || !column.filter) return value;
  const option = column.filter.options.find((o) => o.value === value);
  return option?.key ?? value;
}

/** An address's filter value as the table holds it; null when the column has no such option. */
function fromAddressValue(column: DataColumn<unknown>, text: string): string | null {
  if (typeof column.filter !== 'object' || !column.filter) return text;
  const wanted = text.trim().toLowerCase();
  const { options } = column.filter;
  const option = options.find((o) => o.key !== undefined && o.key.toLowerCase() === wanted)
    ?? options.find((o) => o.value === text) ?? options.find((o) => o.value.toLowerCase() === wanted || o.label.toLowerCase() === wanted);
  return option ? option.value : null;
}

/** The table's state in the address's terms (`view`: the saved view it shows, if any). */
export function addressFromTable(state: TableListState, columns: Columns, view: string | null = null): ListAddress {
  const known = byId(columns);
  const filters: Record<string, string> = {};
  for (const filter of state.filters) {
    const column = known.get(filter.id);
    if (!column || column.filter === false || filter.value.trim() === '') continue;
    filters[filter.id] = toAddressValue(column, filter.value);
  }
  return { q: state.search, sort: state.sorting.map(({ id, desc }) => ({ id, desc })), filters, view };
}

/**
 * What the address asks of the table: columns it does not have, sort keys on columns that do not sort,
 * filters on columns without one and options it does not offer are left out (a shared link from a list
 * with other columns still opens).
 */
export function tableFromAddress(address: ListAddress, columns: Columns): TableListState {
  const known = byId(columns);
  const sorting = address.sort.filter(({ id }) => {
    const column = known.get(id);
    return column !== undefined && column.sortable !== false;
  });
  const filters: TableListState['filters'] = [];
  for (const [id, text] of Object.entries(address.filters)) {
    const column = known.get(id);
    if (!column || column.filter === false) continue;
    const value = fromAddressValue(column, text);
    if (value !== null && value.trim() !== '') filters.push({ id, value });
  }
  return { search: address.q, sorting, filters };
}

/** One text per table state (filters in any order; blank ones are none). */
export function tableStateKey(state: TableListState): string {
  return listAddressKey({ q: state.search, sort: state.sorting, filters: Object.fromEntries(state.filters.map((f) => [f.id, f.value])), view: null });
}

/**
 * Whether the step from one address to the next is typing: only the search box, or only one typed
 * (text or number) filter changed. Its key says which box; null for anything else (a sort, an option).
 */
export function typingKey(from: ListAddress, to: ListAddress, columns: Columns): string | null {
  if (JSON.stringify(from.sort) !== JSON.stringify(to.sort) || (from.view ?? '') !== (to.view ?? '')) return null;
  const changed: string[] = [];
  if (from.q !== to.q) changed.push('q');
  const known = byId(columns);
  for (const id of new Set([...Object.keys(from.filters), ...Object.keys(to.filters)])) {
    if ((from.filters[id] ?? '') === (to.filters[id] ?? '')) continue;
    const column = known.get(id);
    if (!column || (typeof column.filter === 'object' && column.filter !== null)) return null;
    changed.push(`f.${id}`);
  }
  return changed.length === 1 ? changed[0]! : null;
}

/** A saved view's filters, search and sort as an address (without the view's name). */
export function addressOfView(state: SavedViewState): ListAddress {
  return { q: state.q ?? '', sort: state.sort ?? [], filters: state.filters ?? {}, view: null };
}
