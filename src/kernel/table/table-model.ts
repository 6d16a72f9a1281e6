import type { CellValue, DataColumn } from './types';

export const ROW_HEIGHT = 32;
export const HEADER_ROWS = 2; // column titles + filter row
export const HEADER_HEIGHT = ROW_HEIGHT * HEADER_ROWS;
export const SELECT_COLUMN_WIDTH = 36;
/** The row's "open details" button beside its checkbox, in tables whose rows open (`onRowOpen`). */
export const OPEN_CONTROL_WIDTH = 22;
/** The width of the leading column: the checkbox, and the open button where rows open. */
export function selectColumnWidth(openable: boolean): number {
  return openable ? SELECT_COLUMN_WIDTH + OPEN_CONTROL_WIDTH : SELECT_COLUMN_WIDTH;
}
export const DEFAULT_COLUMN_WIDTH = 160;
/** Narrowest and widest a column can be dragged, unless the column says otherwise. */
export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 800;
/** Left plus right padding of a cell (`.tessera-dt__cell` in data-table.css). */
export const CELL_PADDING = 16;

/** One sorted column (TanStack's ColumnSort); the first entry is the primary key (shift+click adds keys). */
export interface SortEntry {
  id: string;
  desc: boolean;
}
export type SortingState = readonly SortEntry[];

/** A per-column filter as the user typed or picked it (text filters are matched trimmed and lower-cased). */
export interface ColumnFilter {
  id: string;
  value: string;
}

export function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** What a cell shows (and search, filters and CSV use): the column's `text`, else its value as text. */
export function displayText<Row>(column: DataColumn<Row>, row: Row): string {
  return column.text ? column.text(row) : cellText(column.value(row));
}

/** null and '' are treated as "no value": they sort last in both directions and never match an option filter. */
export function normalize(value: CellValue): CellValue {
  return value === null || value === '' ? undefined : value;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending order of two non-empty values: numbers and booleans numerically, anything else as text. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** Trimmed, lower-cased query text; '' means "no filter". NUL never occurs in typed text (it separates cells). */
export function normalizeQuery(value: string): string {
  return value.replace(/\u0000/g, '').trim().toLowerCase();
}
