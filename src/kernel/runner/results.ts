import type { DataColumn, CellValue } from '../table';
import type { JsonSchema, PluginAction } from '../plugin/types';
import type { StoredItem } from './job-store';
import { codeWord } from '../code-words';

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

/** Where the words of an output property's codes are: a namespace (a plugin's id) and a key prefix in it. */
export interface OutputWords { ns: string; prefix: string }

/**
 * The words of an output property, from its schema: `"x-tessera-words": "<prefix>"` in the action's own
 * plugin, or `"x-tessera-vocabulary": "<name>"` offered by another plugin's manifest (`vocabularies`).
 * Null when the property holds no codes (a name, an id, a count).
 */
export function outputWords(action: Pick<PluginAction, 'pluginId' | 'output'>, property: string, vocabularies: VocabularyOwners = []): OutputWords | null {
  const schema = outputRow(action.output)?.[property] as Record<string, unknown> | undefined;
  const own = schema?.['x-tessera-words'];
  if (typeof own === 'string') return { ns: action.pluginId, prefix: own };
  const name = schema?.['x-tessera-vocabulary'];
  if (typeof name !== 'string') return null;
  const owner = vocabularies.find((p) => p.vocabularies?.[name] !== undefined);
  return owner ? { ns: owner.id, prefix: owner.vocabularies![name]! } : null;
}

/** The plugins that offer vocabularies (their manifests' `vocabularies`). */
export type VocabularyOwners = readonly { id: string; vocabularies?: Record<string, string> }[];

function outputRow(output: JsonSchema | undefined): Record<string, unknown> | undefined {
  const row = (output?.type === 'array' ? output.items : output) as JsonSchema | undefined;
  return row?.properties as Record<string, unknown> | undefined;
}

/** An output value of codes as words: one code, or several joined by ", " (a list of tasks), each worded. */
function wordsOf(value: unknown, words: OutputWords, t: Translate): string {
  if (value === null || value === undefined || value === '') return '';
  const wordOne = (code: string) => codeWord(((key: string, o?: Record<string, unknown>) => t(key, { ...o, ns: o?.ns ?? words.ns })) as never, words.prefix, code);
  return typeof value === 'string' && value.includes(',') ? value.split(',').map((c) => wordOne(c.trim())).join(', ') : wordOne(String(value));
}

/**
 * One column per property of the action's output, titled from the plugin's namespace
 * (`actions.<verb>.output.<property>`), so the panel and the CSV show real columns. A property of codes
 * (outputWords) shows its words, the codes in the cell's tooltip (docs/DECISIONS.md, "Words, not codes").
 */
export function outputColumns(action: Pick<PluginAction, 'pluginId' | 'verb' | 'output'> | undefined, t: Translate, vocabularies: VocabularyOwners = []): DataColumn<ResultRow>[] {
  if (!action) return [];
  return outputProperties(action.output).map((property) => {
    const header = t(`actions.${action.verb}.output.${property}`, { ns: action.pluginId, defaultValue: property });
    const words = outputWords(action, property, vocabularies);
    if (!words) return { id: `output.${property}`, header, value: (row: ResultRow) => outputCell(row.out?.[property]) };
    return {
      id: `output.${property}`,
      header,
      value: (row: ResultRow) => wordsOf(row.out?.[property], words, t),
      code: (row: ResultRow) => outputCell(row.out?.[property]) as string | number,
    };
  });
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
