import Papa from 'papaparse';
import { displayText } from './table-model';
import type { CellValue, DataColumn } from './types';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * CSV formula injection guard: spreadsheet apps execute a cell that starts with = + - @ (or tab/CR),
 * so platform text such as `=HYPERLINK(...)` gets a leading single quote and is shown as text.
 * Plain numbers ("-12.5") cannot be formulas and are left alone so they stay numeric.
 */
export function guardCsvCell(value: CellValue): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  if (FORMULA_START.test(value) && !PLAIN_NUMBER.test(value)) return `'${value}`;
  return value;
}

export interface CsvOptions {
  /** The header of an amount's currency column ("Balance · currency"); default `${header} currency`. */
  currencyHeader?: (header: string) => string;
}

/**
 * The rows and columns exactly as given (callers pass the current view); headers are the column
 * headers. A column's `csv` value is written instead of its text (amounts as numbers), and a column
 * with `csvCurrency` is followed by a column with each row's currency code.
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly DataColumn<Row>[], options: CsvOptions = {}): string {
  const currencyHeader = options.currencyHeader ?? ((header: string) => `${header} currency`);
  const fields: string[] = [];
  for (const column of columns) {
    fields.push(String(guardCsvCell(column.header)));
    if (column.csvCurrency) fields.push(String(guardCsvCell(currencyHeader(column.header))));
  }
  const data = rows.map((row) => {
    const cells: (string | number | boolean)[] = [];
    for (const column of columns) {
      const value = column.csv ? column.csv(row) : column.text ? displayText(column, row) : column.value(row);
      cells.push(guardCsvCell(value));
      if (column.csvCurrency) cells.push(guardCsvCell(column.csvCurrency(row) ?? ''));
    }
    return cells;
  });
  return Papa.unparse({ fields, data }, { newline: '\r\n' });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `<stem>-YYYYMMDD-HHmm.csv` in local time. */
export function csvFileName(stem: string, now: Date = new Date()): string {
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}`;
  const safeStem = stem.replace(/[\\/:*?"<>|]+/g, '_') || 'export';
  return `${safeStem}-${date}-${time}.csv`;
}

/** Starts a browser download; the BOM makes Excel read the file as UTF-8 (Chinese text). */
export function downloadCsv(fileName: string, csv: string): void {
  downloadBlob(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

/** Starts a browser download of a file made in the page. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoking synchronously can cancel the download in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
