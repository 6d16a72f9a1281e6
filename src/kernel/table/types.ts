import type { ReactNode } from 'react';

export type CellValue = string | number | boolean | null | undefined;

export interface DataColumnFilterOptions {
  /**
   * `value` is what rows are matched against (the cell's text), `label` what the menu shows, `key` what
   * the address writes for it (docs/DECISIONS.md, "Lists keep their state in the address"): a name that
   * does not depend on the language, such as the platform's status name. Default: the value.
   */
  options: { value: string; label: string; key?: string }[];
}

/**
 * How a plugin declares a column. The table turns each into a TanStack Table column definition
 * (`toColumnDef` in column-model.ts: `value` → `accessorFn`, `width` → `size`, `sortable` →
 * `enableSorting`, the declaration itself in `meta`); TanStack's headless core then holds the
 * column model and its state (sorting, filters, visibility, order, sizing, pinning, paging).
 */
export interface DataColumn<Row> {
  /** Stable column id (also the CSV header key and the key of the saved column state). */
  id: string;
  /** Already-translated header text. */
  header: string;
  /** Used for sort, filter and CSV (unless `text` is given: then for sort alone). */
  value: (row: Row) => CellValue;
  /**
   * The text shown, searched, filtered and exported, when `value` is a sort key rather than the
   * text itself — a number such as an amount (sorted by amount, shown as "$1,234.50") or a time
   * (sorted by time, shown in the display time zone). The table then stores only the order of
   * `value` and calls `text` whenever it needs the text, so keep it fast (no toLocaleString per call).
   */
  text?: (row: Row) => string;
  /**
   * With `text`: every character the column's texts can hold over `rows`, in any case. For an amount, its digits,
   * separators and the signs of the currencies in the rows; for a time, its digits and separators.
   * A search whose query has any other character then passes over the column without computing one
   * text. That is what makes the first search after a list loads fast, before the table has indexed
   * its texts. Leave it out when unsure: a character missing here would hide matches. The table
   * checks the answer against the texts as it indexes them, and drops a wrong one with a console warning.
   */
  textChars?: (rows: readonly Row[]) => string;
  /**
   * The value written to CSV when it should differ from the shown text: an amount as a plain number
   * in its main unit (1234.5, not "$1,234.50") so spreadsheets can add it up. Default: the shown text.
   */
  csv?: (row: Row) => CellValue;
  /** For an amount: its currency code, written to CSV in a column of its own right after the amount. */
  csvCurrency?: (row: Row) => string | null | undefined;
  /**
   * The platform's code behind a value shown as a word (a status, a verification state): it follows the
   * word in the cell's tooltip ("Not verified — not_verified"), never in its text (docs/DECISIONS.md,
   * "Words, not codes"). Several codes (a list of tasks) joined by ", ".
   */
  code?: (row: Row) => string | number | null | undefined;
  /** Optional custom render; the default renders String(value) as text. */
  cell?: (row: Row) => ReactNode;
  /** Default true. */
  sortable?: boolean;
  /**
   * Per-column filter; default 'text'. 'number' reads the filter as a comparison or a range (`>=90`,
   * `10..50`, src/kernel/table/number-filter.ts) on `filterNumber`, and as text when it is neither.
   */
  filter?: 'text' | 'number' | DataColumnFilterOptions | false;
  /** With `filter: 'number'`: the number a row's filter compares. Default: `value` when it is a number. */
  filterNumber?: (row: Row) => number | null | undefined;
  /**
   * With `filter: 'number'`, on amounts in each row's own currency: the amount in US dollars, which a
   * filter ending in `USD` compares (`>100 USD`). Without it such a filter compares `filterNumber`.
   */
  filterUsd?: (row: Row) => number | null | undefined;
  /** Initial width in px (TanStack's `size`); the operator can drag the header edge. Default 160. */
  width?: number;
  /** Narrowest and widest the operator can make it (TanStack's `minSize`/`maxSize`); default 60 and 800. */
  minWidth?: number;
  maxWidth?: number;
  /** Default true. */
  resizable?: boolean;
  hiddenByDefault?: boolean;
}

export type PageSize = 10 | 20 | 50 | 100;

export interface DataTableProps<Row> {
  /**
   * Names this table within its tile or tab: its sorting, columns (visibility, order, widths,
   * pinning) and page size are kept there under this id (see TableStateScope).
   */
  viewId: string;
  rows: readonly Row[];
  /** Keep this array stable (module constant or useMemo): a new array rebuilds the model. */
  columns: readonly DataColumn<Row>[];
  getRowId: (row: Row) => string;
  /** The id "Copy IDs" copies, as the table shows it (default: `getRowId`). */
  copyId?: (row: Row) => string;
  loading?: boolean;
  /** Controlled selection (uncontrolled when absent). */
  selection?: ReadonlySet<string>;
  /**
   * The selection changed, or the order the table shows it in did (a sort). `inViewOrder` gives the
   * selected ids in the order shown (then those the filter hides): what a name pattern's `{index}` counts.
   */
  onSelectionChange?: (ids: ReadonlySet<string>, inViewOrder?: () => string[]) => void;
  /** Double click / Enter on a row. */
  onRowOpen?: (row: Row) => void;
  /** Paged mode; page sizes 10/20/50/100, default 20. */
  paged?: boolean;
  pageSize?: PageSize;
  /** CSV file name stem (defaults to viewId). */
  exportFileName?: string;
  /** Extra toolbar content supplied by the view. */
  toolbar?: ReactNode;
  emptyText?: string;
  /** Default 100% of the parent. */
  height?: number | string;
}
