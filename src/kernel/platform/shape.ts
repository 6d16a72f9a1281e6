/**
 * The fields a reply must carry (docs/PLATFORM-CHECK.md): an area's reads name the fields they rely
 * on, and a reply that lacks one, or carries it as another type, is "reply changed" — reported, in the
 * list's status and in the platform check, never shown as empty cells that look like data.
 */

export type FieldType = 'string' | 'number' | 'boolean' | 'object' | 'array';

/**
 * field → its type. A `?` suffix: the platform may leave the field out (it omits empty fields), but
 * when present it has this type. A dotted name (`business.id`) looks inside an object field.
 */
export type Shape = Readonly<Record<string, FieldType | `${FieldType}?`>>;

export interface ShapeProblem {
  field: string;
  problem: 'missing' | 'type';
  expected: FieldType;
  /** the type found, for a `type` problem */
  got?: string;
}

/** At most this many rows of a reply are checked: a changed reply shows on its first rows. */
const ROWS_CHECKED = 200;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function valueAt(row: unknown, path: string): unknown {
  let at: unknown = row;
  for (const part of path.split('.')) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** What one object of a reply lacks or carries as another type (empty: it matches the shape). */
export function shapeProblems(row: unknown, shape: Shape): ShapeProblem[] {
  const problems: ShapeProblem[] = [];
  for (const [field, declared] of Object.entries(shape)) {
    const optional = declared.endsWith('?');
    const expected = (optional ? declared.slice(0, -1) : declared) as FieldType;
    const value = valueAt(row, field);
    if (value === undefined || value === null) {
      if (!optional) problems.push({ field, problem: 'missing', expected });
      continue;
    }
    const got = typeOf(value);
    if (got !== expected) problems.push({ field, problem: 'type', expected, got });
  }
  return problems;
}

let translate: ((key: string, values: Record<string, string>) => string) | null = null;

/** Gives ReplyChanged's message the user's language (set by the platform check's host while signed in). */
export function setReplyChangedTranslator(t: typeof translate): void {
  translate = t;
}

/**
 * A reply that no longer has the shape an area relies on. `family` is the call family (`<plugin>.<family>`).
 * Its message is the operator's sentence (a job item's error shows it), in their language once set.
 */
export class ReplyChanged extends Error {
  constructor(readonly family: string, readonly problems: readonly ShapeProblem[]) {
    const fields = problems.map((p) => p.field).join(', ');
    super(translate?.('check.replyChanged', { fields }) ?? `The platform's reply changed: ${fields} missing or of another kind.`);
    this.name = 'ReplyChanged';
  }
}

/**
 * The rows of a reply, checked against the shape; throws ReplyChanged naming each field that is
 * missing or of another type (once, whichever rows it was in).
 */
export function expectRows<T>(family: string, rows: readonly unknown[], shape: Shape): T[] {
  const found = new Map<string, ShapeProblem>();
  for (const row of rows.slice(0, ROWS_CHECKED)) {
    for (const p of shapeProblems(row, shape)) if (!found.has(p.field)) found.set(p.field, p);
  }
  if (found.size) throw new ReplyChanged(family, [...found.values()]);
  return rows as T[];
}

/** One object of a reply, checked against the shape (see expectRows). */
export function expectObject<T>(family: string, value: unknown, shape: Shape): T {
  const problems = shapeProblems(value, shape);
  if (problems.length) throw new ReplyChanged(family, problems);
  return value as T;
}
