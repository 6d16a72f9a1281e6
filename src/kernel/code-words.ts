import type { TFunction } from 'i18next';

// Platform codes as words and counts as numbers, with nothing of React: the table benchmark's kernel
// shim (bench/table/kernel-shim.ts) imports these with the ad-account columns.

const MISSING = '\u0000missing';

/**
 * A platform code (a status, a type, a reason) as the operator's word: the plugin's string
 * `<prefix>.<code>` (t of the plugin's namespace), else "Unknown (<code>)" — never the bare code as if it
 * were a word. '' when there is no code. Where it helps, the code goes in the word's tooltip
 * (`<span title={code}>`), never in its text (docs/DECISIONS.md, "Words, not codes").
 */
export function codeWord(t: TFunction, prefix: string, code: string | number | null | undefined): string {
  if (code === null || code === undefined || code === '') return '';
  const word = String(t(`${prefix}.${code}`, { defaultValue: MISSING }));
  return word === MISSING ? String(t('words.unknown', { ns: 'kernel', code })) : word;
}

/**
 * A column filter offering the words of a vocabulary (`<prefix>.*` in the plugin's strings) by their codes:
 * the operator picks a word, the address names the code (`?f.verification=verified`) in any language.
 * A column's values must be codeWord's words for the same prefix.
 */
export function codeWordFilter(t: TFunction, prefix: string): { options: { value: string; key: string; label: string }[] } {
  const words = t(prefix, { returnObjects: true, defaultValue: {} }) as unknown;
  const entries = words && typeof words === 'object' ? Object.entries(words as Record<string, unknown>) : [];
  return { options: entries.filter(([, word]) => typeof word === 'string').map(([key, word]) => ({ value: word as string, key, label: word as string })) };
}

const countFormats = new Map<string, Intl.NumberFormat>();

/** A count (fans, users, accounts) with the language's separators: 12,345. '' when there is none. */
export function formatCount(n: number | string | null | undefined, language: string): string {
  const value = typeof n === 'string' && n.trim() !== '' ? Number(n) : n;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  let format = countFormats.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
    } catch {
      format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    }
    countFormats.set(language, format);
  }
  return format.format(value);
}

/** Every character formatCount writes for the product's languages (a table column's `textChars`). */
export const COUNT_CHARS = '0123456789,-';

const regionNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A country the platform names by its ISO code (`US`, `CO`) as a word in the language ("United States",
 * 美国), from the browser's own region names; the code itself when the browser has no name for it. ''
 * for none. Show the code beside it in a tooltip (a column's `code`, a panel row's third element).
 */
export function regionName(code: string | null | undefined, language: string): string {
  if (!code) return '';
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    regionNames.set(language, names);
  }
  try {
    return names?.of(code.toUpperCase()) ?? code;
  } catch {
    return code; // not a region code at all (RangeError): shown as it came
  }
}
