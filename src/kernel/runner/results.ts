import type { DataColumn, CellValue } from '../table';
import type { JsonSchema, PluginAction } from '../plugin/types';
import type { StoredItem } from './job-store';

/** One line of a job's results: an item, or one row of an item's array output (the item's cells repeated). */
export type ResultRow = StoredItem & {
  /** Unique per line: the item's row id, with the output row's position for an array output. */
  key: string;
  /** The output row's values (null: the item returned none). */
  out: Record<string, unknown> | null;
};

/** The properties of an action's output rows, in declaration order (an array output: its items'). */
export function outputProperties(output: JsonSchema | undefined): string[] {
  if (!output) return [];
  const row = (output.type === 'array' ? output.items : output) as JsonSchema | undefined;
  return Object.keys((row?.properties ?? {}) as Record<string, unknown>);
}

/** Items as result lines: an item whose output is an array gives one line per entry (at least one). */
export function resultRows(items: readonly StoredItem[]): ResultRow[] {
  const rows: ResultRow[] = [];
  for (const item of items) {
    let parsed: unknown = null;
    if (item.output) {
      try { parsed = JSON.parse(item.output); } catch { parsed = null; }
    }
    if (Array.isArray(parsed) && parsed.length) {
      parsed.forEach((entry, k) => rows.push({ ...item, key: `${item.rowId}#${k}`, out: asRecord(entry) }));
    } else {
      rows.push({ ...item, key: item.rowId, out: Array.isArray(parsed) ? null : asRecord(parsed) });
    }
  }
  return rows;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A cell of an output column: scalars as they are, anything else as JSON text. */
export function outputCell(value: unknown): CellValue {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * One column per property of the action's output, titled from the plugin's namespace
 * (`actions.<verb>.output.<property>`), so the panel and the CSV show real columns.
 */
export function outputColumns(action: Pick<PluginAction, 'pluginId' | 'verb' | 'output'> | undefined, t: Translate): DataColumn<ResultRow>[] {
  if (!action) return [];
  return outputProperties(action.output).map((property) => ({
    id: `output.${property}`,
    header: t(`actions.${action.verb}.output.${property}`, { ns: action.pluginId, defaultValue: property }),
    value: (row: ResultRow) => outputCell(row.out?.[property]),
  }));
}
