import type { DataColumn, CellValue } from '../table';
import type { JsonSchema, PluginAction } from '../plugin/types';
import type { StoredItem } from './job-store';

/** One line of a job's results: an item, or one row of an item's array output (the item's cells repeated). */
export type ResultRow = StoredItem & {
  /** Unique per line: the item's row id, with the output row's position for an array output. */
  key: string;
  /** The output row's values (null: the item returned none). */
  out: Record<string, unknown> | null;
  /** The line as the operator counts it: "#3", "#3.2" for the second row of item 3's output. */
  line: string;
  /** The object as the operator knows it (read once from the item's JSON). */
  words: ItemWords;
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
    const words = itemWords(item);
    let parsed: unknown = null;
    if (item.output) {
      try { parsed = JSON.parse(item.output); } catch { parsed = null; }
    }
    if (Array.isArray(parsed) && parsed.length) {
      parsed.forEach((entry, k) => rows.push({ ...item, key: `${item.rowId}#${k}`, out: asRecord(entry), line: `#${item.index + 1}.${k + 1}`, words }));
    } else {
      rows.push({ ...item, key: item.rowId, out: Array.isArray(parsed) ? null : asRecord(parsed), line: `#${item.index + 1}`, words });
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

/**
 * An item as the operator knows it: the object's name (the list's name, label or title; for an
 * entry that resolved to nothing, the text typed), the object's own id, and for a pair action the
 * paired entry (an email, a user id). Never the job's `<id>|<entry>` key: that is the runner's.
 */
export interface ItemWords {
  /** '' when the object has no name (the id is then what the operator knows it by). */
  name: string;
  /** The object's id ('' for an entry that resolved to nothing). */
  id: string;
  /** The paired entry of a pair action, '' otherwise. */
  pair: string;
}

const NAME_FIELDS = ['name', 'label', 'title', 'text'] as const;

/** What a stored item (its JSON as the job kept it, and its job key) says about the object. */
export function itemWords(item: Pick<StoredItem, 'item' | 'itemId'>): ItemWords {
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = asRecord(JSON.parse(item.item));
  } catch {
    parsed = null;
  }
  if (!parsed) return { name: '', id: item.itemId, pair: '' };
  const name = NAME_FIELDS.map((f) => parsed[f]).find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? '';
  const id = parsed.id === undefined || parsed.id === null ? '' : String(parsed.id);
  const pair = typeof parsed.pair === 'string' || typeof parsed.pair === 'number' ? String(parsed.pair) : '';
  return { name: name.trim(), id, pair };
}

/** The item in one line of words: "Acme US → jane@example.com", the id when the object has no name. */
export function itemText(words: ItemWords): string {
  const object = words.name || words.id;
  return words.pair ? `${object} → ${words.pair}` : object;
}
