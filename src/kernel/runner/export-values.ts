// A job's items with the values each ran with, in the shape "Values from a file" reads
// (ImportValues.tsx): an ID column, a column per parameter headed with its label, then the result.
// Edited and imported back, it starts the same job again with the changed values (docs/IMPORT.md).
import type { JsonSchema, PluginAction } from '../plugin/types';
import { paramsFor, type JobItem } from '../jobs/item';
import { importableFields, type ImportProperty } from './import-rows';
import type { StoredItem } from './job-store';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export type ValueCell = string | number | boolean;

/**
 * The table: a header line, then one line per item. A parameter's value is the item's own (an
 * imported line's) or the job's; a paired parameter holds the item's one entry; an enum value is
 * written as the operator reads it (the import reads its label back); a list one entry per line.
 */
export function valuesTable(action: Pick<PluginAction, 'pluginId' | 'verb' | 'pairs'>, schema: JsonSchema | undefined, jobParams: Record<string, unknown>, items: readonly StoredItem[], t: Translate): ValueCell[][] {
  const ns = action.pluginId;
  const props = (schema?.properties ?? {}) as Record<string, ImportProperty>;
  const fields = importableFields(schema);
  const label = (f: string) => t(`actions.${action.verb}.fields.${f}`, { ns, defaultValue: props[f]?.title ?? f });
  const enumText = (f: string, v: unknown) => t(`actions.${action.verb}.enum.${f}.${String(v)}`, { ns, defaultValue: String(v) });
  const header: ValueCell[] = [t('import.idHeader'), ...fields.map(label), t('import.stateColumn'), t('import.messageColumn')];
  const lines: ValueCell[][] = [header];
  for (const row of items) {
    let item: JobItem;
    try { item = JSON.parse(row.item) as JobItem; } catch { continue; }
    const params = paramsFor(item, jobParams) as Record<string, unknown>;
    const cells: ValueCell[] = [String(item.id ?? row.itemId)];
    for (const f of fields) {
      const prop = props[f];
      const value = action.pairs?.param === f && typeof item.pair === 'string' ? item.pair : params[f];
      cells.push(cellOf(value, prop, (v) => enumText(f, v)));
    }
    cells.push(t(`runner.itemState.${row.state}`), row.message);
    lines.push(cells);
  }
  return lines;
}

function cellOf(value: unknown, prop: ImportProperty | undefined, enumText: (v: unknown) => string): ValueCell {
  if (value === undefined || value === null) return '';
  const isEnum = !!prop?.enum || !!prop?.items?.enum;
  if (Array.isArray(value)) return value.map((v) => (isEnum ? enumText(v) : String(v))).join('\n');
  if (isEnum) return enumText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Downloads the table as CSV (the table's own writer: formula-like text guarded, UTF-8 for Excel). */
export async function downloadValuesCsv(stem: string, table: readonly ValueCell[][]): Promise<void> {
  const [{ guardCsvCell, downloadCsv, csvFileName }, Papa] = await Promise.all([import('../table/csv'), import('papaparse')]);
  const [fields, ...data] = table.map((line) => line.map((c) => guardCsvCell(c)));
  downloadCsv(csvFileName(stem), Papa.default.unparse({ fields: fields!.map(String), data }, { newline: '\r\n' }));
}

/** Downloads the table as an Excel workbook (one sheet). */
export async function downloadValuesXlsx(stem: string, table: readonly ValueCell[][], sheetName: string): Promise<void> {
  const [{ writeXlsx }, { csvFileName, downloadBlob }] = await Promise.all([import('../import/xlsx'), import('../table/csv')]);
  const bytes = writeXlsx([{ name: sheetName, rows: table }]);
  downloadBlob(csvFileName(stem).replace(/\.csv$/, '.xlsx'), new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
}
