// What the settings screen's forms check before anything is sent (the server checks again: a 400
// comes back as its message). Pure, so the unit tests read it without a screen.
import { WATCH_FIELDS, WATCH_ID_PATTERN, type WatchFieldKind, type WatchOp, type WatchType, type WatchValue } from '@kernel';

/** The comparisons the server takes for each kind of field (server/routes/watch.ts, VALUE_OPS and LIST_OPS). */
export const OPS_BY_KIND: Record<WatchFieldKind, readonly WatchOp[]> = {
  value: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'],
  list: ['contains', 'notContains', 'empty', 'notEmpty'],
};

/** Comparisons that take no value. */
export const NO_VALUE: ReadonlySet<WatchOp> = new Set(['empty', 'notEmpty']);

export function fieldsOf(type: WatchType): string[] {
  return Object.keys(WATCH_FIELDS[type]);
}

export function kindOf(type: WatchType, field: string): WatchFieldKind {
  return (WATCH_FIELDS[type] as Record<string, WatchFieldKind>)[field] ?? 'value';
}

/** The most ids one rule may list (the server's `maxItems`). */
export const RULE_IDS_MAX = 500;
const ID = new RegExp(WATCH_ID_PATTERN);

/**
 * A pasted list of object ids, one per line: the ids (repeats once) and the lines that are not ids,
 * numbered as the operator sees them. Empty lines are skipped; nothing is changed in the text.
 */
export function readIds(text: string): { ids: string[]; bad: { line: number; text: string }[] } {
  const ids = new Set<string>();
  const bad: { line: number; text: string }[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    if (ID.test(line)) ids.add(line);
    else bad.push({ line: i + 1, text: line.length > 80 ? `${line.slice(0, 80)}…` : line });
  });
  return { ids: [...ids], bad };
}

/**
 * A code chosen from an area's words as the value the platform sends: the server compares numbers as
 * numbers but `true` only with `true` (server/watch/rules.ts, `compare`), so a yes/no code goes as a boolean.
 */
export function codeValue(code: string): WatchValue {
  if (code === 'true') return true;
  if (code === 'false') return false;
  if (/^-?\d{1,15}$/.test(code)) return Number(code);
  return code;
}

export const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The browser's time zones, with the browser's own (and UTC) sure to be in. */
export function timeZones(own: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([own, 'UTC', ...listed])].sort((a, b) => a.localeCompare(b));
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A bot token and a chat id as the server accepts them (server/routes/watch.ts). */
export const TELEGRAM_TOKEN = /^[0-9]{1,20}:[A-Za-z0-9_-]{1,180}$/;
export const TELEGRAM_CHAT = /^(-?[0-9]{1,20}|@[A-Za-z0-9_]{4,60})$/;

/** What went wrong, for the operator: an API error's message is the server's, in the operator's language. */
export const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
