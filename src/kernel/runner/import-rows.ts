// Per-row values from a spreadsheet (docs/IMPORT.md): a table's rows become job items that carry their
// own parameter values (src/kernel/jobs/item.ts). Pure: the dialog (ImportValues.tsx) reads the file,
// shows the mapping guessed here, and lists what `readRows` found wrong, by line.
import { ID_KINDS, isPastedList, pastedFormatOf, readEntry, type IdKinds, type PastedProperty } from '../platform/pasted';
import type { JsonSchema } from '../plugin/types';
import type { JobItem } from '../jobs/item';
import { validateActionParams, type FieldError, type ParamSchemas } from './params';

/** A parameter's schema, as much of it as the import reads. */
export interface ImportProperty extends PastedProperty {
  type?: string | string[];
  enum?: readonly (string | number)[];
  items?: { type?: unknown; format?: unknown; enum?: readonly (string | number)[] };
  writeOnly?: boolean;
  title?: string;
}

/** Which column holds what: the object's id, and a column (by index) per parameter. */
export interface ImportMapping {
  /** Index of the id column; -1 when none is chosen. */
  id: number;
  /** Parameter name → column index. */
  params: Record<string, number>;
}

/** A parameter as the dialog offers it: its name and the operator's words for it. */
export interface ImportField { name: string; label: string }

/** Why a line is not used (`key` a kernel locale key under `import.`, or a field's own message). */
export interface LineProblem {
  /** The line in the file as a spreadsheet numbers it (the header is line 1). */
  line: number;
  /** The parameter it is about ('' for the line as a whole). */
  field: string;
  kind: 'unknown' | 'duplicate' | 'noId' | 'invalid';
  /** The id cell's text (unknown, duplicate). */
  text?: string;
  /** The earlier line of a duplicate. */
  first?: number;
  /** The field's problems as the schema words them (kind 'invalid'). */
  errors?: FieldError[];
}

export interface ImportResult {
  /** One job item per good line, in the file's order, carrying the line's values. */
  items: JobItem[];
  /** The line of each item (same order). */
  lines: number[];
  problems: LineProblem[];
  /** Lines that held nothing (skipped without a word). */
  blank: number;
}

/** The parameters a file may give: every one but the secrets (never read from a file). */
export function importableFields(schema: JsonSchema | undefined): string[] {
  const props = (schema?.properties ?? {}) as Record<string, ImportProperty>;
  return Object.entries(props).filter(([, p]) => p && p.writeOnly !== true).map(([name]) => name);
}

/** Header text as compared: lower case, without spaces, punctuation and a trailing `*`. */
const norm = (s: string) => s.toLowerCase().replace(/[\s_\-.:*()（）：]+/g, '');

/** Headers an id column goes by, besides the product's own word for it. */
const ID_HEADERS = ['id', 'ids', 'objectid', '编号'];

/**
 * The mapping guessed from the header row: a column is a parameter's when its header is the
 * parameter's name or label (in any language given); the id column is the one headed like an id,
 * or else the first column whose values are mostly known ids.
 */
export function guessMapping(header: readonly string[], fields: readonly (ImportField & { also?: readonly string[] })[], idWords: readonly string[], known?: (cell: string) => boolean, sample: readonly (readonly string[])[] = []): ImportMapping {
  const heads = header.map((h) => norm(String(h ?? '')));
  const params: Record<string, number> = {};
  const taken = new Set<number>();
  for (const f of fields) {
    const names = [f.name, f.label, ...(f.also ?? [])].map(norm).filter(Boolean);
    const at = heads.findIndex((h, i) => !taken.has(i) && names.includes(h));
    if (at >= 0) { params[f.name] = at; taken.add(at); }
  }
  const idNames = [...ID_HEADERS, ...idWords.map(norm)];
  let id = heads.findIndex((h, i) => !taken.has(i) && idNames.includes(h));
  if (id < 0 && known) {
    id = header.findIndex((_, i) => {
      if (taken.has(i)) return false;
      const cells = sample.map((r) => String(r[i] ?? '').trim()).filter(Boolean);
      return cells.length > 0 && cells.filter(known).length * 2 >= cells.length;
    });
  }
  return { id, params };
}

/**
 * Finds the list's object for an id cell: its exact id, the digits the id ends with (`act_123` and
 * `123` name the same account), or the id a pasted link carries (any id format the kernel reads).
 */
export function objectFinder(pool: readonly JobItem[], kinds: IdKinds = ID_KINDS): (cell: string) => JobItem | undefined {
  const exact = new Map<string, JobItem>();
  const byDigits = new Map<string, JobItem>();
  for (const item of pool) {
    const id = String(item.id);
    if (!exact.has(id)) exact.set(id, item);
    const d = digitsOf(id);
    if (d && !byDigits.has(d)) byDigits.set(d, item);
  }
  return (cell) => {
    const text = cell.trim();
    if (!text) return undefined;
    const direct = exact.get(text) ?? (digitsOf(text) ? byDigits.get(digitsOf(text)!) : undefined);
    if (direct) return direct;
    if (!text.includes('/')) return undefined;
    // a link of any kind the plugins declare (their manifests' objects[].paste), read as that kind reads it, or an address
    for (const format of [...Object.keys(kinds), 'email']) {
      const read = readEntry(format, text, kinds);
      const found = read.kind === 'id' ? exact.get(read.id) ?? byDigits.get(read.id) : undefined;
      if (found) return found;
    }
    return undefined;
  };
}

/** The digits an id ends with after a word prefix (`act_123` → `123`), or null. */
function digitsOf(id: string): string | null {
  return /^[a-z]*_?(\d{1,20})$/i.exec(id)?.[1] ?? null;
}

/** A cell's text as the operator meant it: trimmed, without the quote an export puts before a formula-like text. */
export function cellText(cell: unknown): string {
  const text = cell === null || cell === undefined ? '' : String(cell).trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/**
 * A cell's value as the parameter takes it: a number read with thousands separators, yes/no words,
 * an enum by its value or its label, a list split by lines or semicolons, an object id read from a
 * link or `act_` form. A cell that cannot be read stays text, so the schema's own message says why.
 */
export function cellValue(prop: ImportProperty | undefined, text: string, enumLabel?: (value: string | number) => string, looked?: ReadonlyMap<string, string>): unknown {
  if (!prop) return text;
  const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
  const format = pastedFormatOf(prop);
  const list = isPastedList(prop) || type === 'array';
  if (list) {
    const parts = text.split(/\r\n|\r|\n|;|；/).map((s) => s.trim()).filter(Boolean);
    return [...new Set(parts.map((part) => (format ? idOf(format, part, looked) : prop.items?.enum ? enumValue(prop.items.enum, part, enumLabel) : part)))];
  }
  if (prop.enum) return enumValue(prop.enum, text, enumLabel);
  if (type === 'number' || type === 'integer') return numberOf(text) ?? text;
  if (type === 'boolean') return booleanOf(text) ?? text;
  if (format) return idOf(format, text, looked);
  return text;
}

function idOf(format: NonNullable<ReturnType<typeof pastedFormatOf>>, text: string, looked?: ReadonlyMap<string, string>): string {
  const read = readEntry(format, text);
  return read.kind === 'id' ? read.id : looked?.get(text) ?? text;
}

/**
 * The cells of the mapped columns that name an object by a user name or a link the platform must look
 * up (src/kernel/platform/pasted.ts), by format: the dialog asks the platform about them once, and
 * `readRows` then reads each as the id it was found to be (`looked`).
 */
export function lookupsOf(rows: readonly (readonly string[])[], mapping: ImportMapping, schema: JsonSchema | undefined): Map<PastedFormatName, Set<string>> {
  const props = (schema?.properties ?? {}) as Record<string, ImportProperty>;
  const out = new Map<PastedFormatName, Set<string>>();
  for (const [field, column] of Object.entries(mapping.params)) {
    const format = pastedFormatOf(props[field]);
    if (!format) continue;
    for (let r = 1; r < rows.length; r++) {
      for (const part of cellText(rows[r]?.[column]).split(/\r\n|\r|\n|;|；/).map((s) => s.trim()).filter(Boolean)) {
        if (readEntry(format, part).kind !== 'lookup') continue;
        const set = out.get(format) ?? new Set<string>();
        set.add(part);
        out.set(format, set);
      }
    }
  }
  return out;
}

type PastedFormatName = NonNullable<ReturnType<typeof pastedFormatOf>>;

function enumValue(values: readonly (string | number)[], text: string, label?: (value: string | number) => string): string | number {
  const t = norm(text);
  const found = values.find((v) => String(v) === text) ?? values.find((v) => norm(String(v)) === t) ?? (label ? values.find((v) => norm(label(v)) === t) : undefined);
  return found ?? text;
}

/** "1,500.50", "1 500", "1500" → 1500.5…; null when the text is no plain number. */
export function numberOf(text: string): number | null {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '');
  const cleaned = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain) ? plain.replace(/,/g, '') : plain;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

const YES = ['true', 'yes', 'y', '1', '是', '对', 'on'];
const NO = ['false', 'no', 'n', '0', '否', '不', 'off'];
function booleanOf(text: string): boolean | null {
  const t = text.toLowerCase();
  return YES.includes(t) ? true : NO.includes(t) ? false : null;
}

export interface ReadRowsInput {
  /** The file's rows, the header first. */
  rows: readonly (readonly string[])[];
  mapping: ImportMapping;
  schemaKey: string | null;
  schema: JsonSchema | undefined;
  schemas: ParamSchemas;
  /** The form's values: a line's empty cell, or a parameter no column gives, takes the form's value. */
  form: Record<string, unknown>;
  /** The objects an id may name (the list the action was opened from). */
  pool: readonly JobItem[];
  /** The action's paired parameter (each line is one pair: this object, that entry). */
  pairParam?: string;
  enumLabel?: (field: string, value: string | number) => string;
  /** Cells the platform looked up (`lookupsOf`): the text → the id it names. */
  looked?: ReadonlyMap<string, string>;
}

/**
 * Reads the lines: each becomes the list's object with the line's values, validated with the
 * action's schema over the form's values. A line naming no known object, a repeat, or values the
 * schema refuses is listed with its line number and never becomes an item.
 */
export function readRows(input: ReadRowsInput): ImportResult {
  const { rows, mapping, schemaKey, schema, schemas, form, pool, pairParam } = input;
  const props = (schema?.properties ?? {}) as Record<string, ImportProperty>;
  const find = objectFinder(pool);
  const out: ImportResult = { items: [], lines: [], problems: [], blank: 0 };
  const firstLine = new Map<string, number>();
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r] ?? [];
    const line = r + 1;
    if (!row.some((c) => cellText(c) !== '')) { out.blank += 1; continue; }
    const idText = mapping.id >= 0 ? cellText(row[mapping.id]) : '';
    if (!idText) { out.problems.push({ line, field: '', kind: 'noId' }); continue; }
    const object = find(idText);
    const own: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(mapping.params)) {
      const text = cellText(row[column]);
      if (text === '') continue;
      own[field] = cellValue(props[field], text, input.enumLabel ? (v) => input.enumLabel!(field, v) : undefined, input.looked);
    }
    if (!object) { out.problems.push({ line, field: '', kind: 'unknown', text: idText }); continue; }
    const pair = pairParam && Array.isArray(own[pairParam]) ? (own[pairParam] as unknown[]).map(String).join('\n') : '';
    const key = `${String(object.id)}|${pair}`;
    const first = firstLine.get(key);
    if (first !== undefined) { out.problems.push({ line, field: '', kind: 'duplicate', text: idText, first }); continue; }
    firstLine.set(key, line);
    const errors = validateActionParams(schemas, schemaKey, { ...form, ...own });
    if (errors.length) { out.problems.push({ line, field: errors[0]!.field, kind: 'invalid', errors }); continue; }
    const { params: _earlier, ...plain } = object;
    out.items.push({ ...plain, params: own });
    out.lines.push(line);
  }
  return out;
}
