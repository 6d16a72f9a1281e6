/**
 * A list's state in the address (docs/DECISIONS.md, "Lists keep their state in the address"):
 *
 *   ?view=<name>&status=<value>&q=<search>&sort=<col>:<asc|desc>[,<col>:<asc|desc>…]&f.<col>=<filter>
 *
 * - `q` the search box; `f.<col>` the filter of column `<col>` as typed (`f.spend_cap_pct=>=90`), or an
 *   option filter's key (`f.status=DISABLED`); `status` is short for `f.status` (dashboard links:
 *   `/adaccount/index?status=DISABLED`), and what is written for the status column;
 * - `sort` the sort keys, the first the primary one (a repeated `sort` parameter is read too);
 * - `view` a saved view of the list, applied when the address names it.
 *
 * Parameters of other meanings in the same address are kept as they are. These functions only read
 * and write the text: which columns exist, and what an option's key is, the table decides.
 */
export interface ListAddress {
  q: string;
  sort: { id: string; desc: boolean }[];
  /** column id → the filter as the address writes it */
  filters: Record<string, string>;
  view: string | null;
}

export const EMPTY_LIST_ADDRESS: ListAddress = { q: '', sort: [], filters: {}, view: null };

/** The column `status=` stands for. */
export const STATUS_COLUMN = 'status';
const FILTER_PREFIX = 'f.';

function isListParam(key: string): boolean {
  return key === 'q' || key === 'sort' || key === 'view' || key === STATUS_COLUMN || (key.startsWith(FILTER_PREFIX) && key.length > FILTER_PREFIX.length);
}

/** One sort key `<col>:<asc|desc>` (a bare `<col>` sorts ascending); null when it is none. */
function readSortKey(text: string): { id: string; desc: boolean } | null {
  const entry = text.trim();
  if (!entry) return null;
  const colon = entry.lastIndexOf(':');
  const direction = colon > 0 ? entry.slice(colon + 1).toLowerCase() : '';
  if (direction === 'asc' || direction === 'desc') return { id: entry.slice(0, colon), desc: direction === 'desc' };
  return colon < 0 ? { id: entry, desc: false } : null;
}

/** The list state an address holds (a search string with or without its `?`). */
export function readListAddress(search: string): ListAddress {
  const params = new URLSearchParams(search);
  const address: ListAddress = { q: '', sort: [], filters: {}, view: null };
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (key === 'q') address.q = value;
    else if (key === 'view') address.view = value.trim() || null;
    else if (key === 'sort') {
      for (const part of value.split(',')) {
        const entry = readSortKey(part);
        if (entry && !seen.has(entry.id)) {
          seen.add(entry.id);
          address.sort.push(entry);
        }
      }
    } else if (key === STATUS_COLUMN) {
      if (!(STATUS_COLUMN in address.filters) && value.trim()) address.filters[STATUS_COLUMN] = value.trim();
    } else if (key.startsWith(FILTER_PREFIX) && key.length > FILTER_PREFIX.length) {
      // `f.status` says the same as `status` and wins over it
      if (value.trim()) address.filters[key.slice(FILTER_PREFIX.length)] = value;
    }
  }
  return address;
}

/** Whether the address says anything about the list. */
export function hasListParams(search: string): boolean {
  for (const key of new URLSearchParams(search).keys()) if (isListParam(key)) return true;
  return false;
}

/** Percent-encoding that leaves what reads well in an address bar as it is (`:` and `,` in sort keys, `.`). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%2C/gi, ',').replace(/%20/g, '+');
}

/**
 * The address `search` with its list state replaced by `address` (other parameters kept, in their
 * order, before it): `?…` or '' when nothing is left. Parameters in a fixed order, filters in the
 * order given, so one state always reads the same.
 */
export function writeListAddress(search: string, address: ListAddress): string {
  const parts: string[] = [];
  for (const [key, value] of new URLSearchParams(search)) if (!isListParam(key)) parts.push(`${encode(key)}=${encode(value)}`);
  if (address.view) parts.push(`view=${encode(address.view)}`);
  const status = address.filters[STATUS_COLUMN];
  if (status) parts.push(`${STATUS_COLUMN}=${encode(status)}`);
  if (address.q) parts.push(`q=${encode(address.q)}`);
  if (address.sort.length) parts.push(`sort=${address.sort.map((s) => `${encode(s.id)}:${s.desc ? 'desc' : 'asc'}`).join(',')}`);
  for (const [id, value] of Object.entries(address.filters)) {
    if (id !== STATUS_COLUMN && value) parts.push(`${FILTER_PREFIX}${encode(id)}=${encode(value)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** One text per list state: equal texts, equal states (filters in any order). */
export function listAddressKey(address: ListAddress): string {
  const filters = Object.entries(address.filters).filter(([, v]) => v !== '').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([address.view ?? '', address.q, address.sort.map((s) => [s.id, s.desc]), filters]);
}

export function sameListAddress(a: ListAddress, b: ListAddress): boolean {
  return listAddressKey(a) === listAddressKey(b);
}
