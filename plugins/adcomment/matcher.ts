/**
 * Which comments a moderation rule catches (docs/PLATFORM.md, "Ad-post comments: values decided"):
 * a keyword list, comments with an image, comments with a link.
 *
 * Keywords are compared after Unicode normalisation (NFKC), case folding and removal of accents, so
 * "SCAM", "Scam" and "scàm" are one word. A keyword that begins (ends) with a letter or digit of a
 * script written with spaces must begin (end) on a word boundary: "scam" catches "a scam!" but not
 * "scampi"; a trailing `*` makes it a prefix ("scam*" catches "scammers"). Chinese, Japanese, Thai…
 * and emoji have no word boundaries and match anywhere.
 */

export interface RuleComment {
  message: string;
  image?: string | null;
  link?: string | null;
}

export type Rule =
  | { kind: 'keywords'; words: readonly string[] }
  | { kind: 'images' }
  | { kind: 'links' };

/** The text as keywords are compared: NFKC, lower case, accents dropped, spaces collapsed. */
export function foldText(s: string): string {
  return s.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '').normalize('NFC').replace(/\s+/gu, ' ');
}

const WORDY = /[\p{L}\p{N}]/u;
/** scripts written without spaces between words: no boundary is needed around them */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const needsBoundary = (ch: string | undefined) => !!ch && WORDY.test(ch) && !UNSPACED.test(ch);

interface Compiled { word: string; re: RegExp }

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A keyword as a pattern; null for a blank one. */
export function compileKeyword(raw: string): Compiled | null {
  let word = foldText(raw.trim());
  const prefix = word.endsWith('*');
  if (prefix) word = word.replace(/\*+$/, '').trim();
  if (!word) return null;
  const chars = [...word];
  const before = needsBoundary(chars[0]) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = !prefix && needsBoundary(chars[chars.length - 1]) ? '(?![\\p{L}\\p{N}])' : '';
  return { word: raw.trim(), re: new RegExp(`${before}${escape(word)}${after}`, 'u') };
}

/** A matcher for a keyword list: the keywords a text contains (as written in the list). */
export function keywordMatcher(words: readonly string[]): (text: string) => string[] {
  const compiled = words.map(compileKeyword).filter((c): c is Compiled => c !== null);
  return (text) => {
    if (!compiled.length || !text) return [];
    const folded = foldText(text);
    return compiled.filter((c) => c.re.test(folded)).map((c) => c.word);
  };
}

const URL_IN_TEXT = /(?:https?:\/\/|www\.)[^\s]+|\b[a-z0-9][a-z0-9-]{0,62}\.(?:com|net|org|shop|store|top|xyz|info|link|io|co|cn|vn|me|ly)(?:\/[^\s]*)?\b/iu;

export function hasLink(c: RuleComment): boolean {
  return !!c.link || URL_IN_TEXT.test(c.message ?? '');
}

export function hasImage(c: RuleComment): boolean {
  return !!c.image;
}

/** What a rule says about a comment: null when it does not match, else the reason (keywords found, or the rule's kind). */
export function ruleMatcher(rule: Rule): (c: RuleComment) => string[] | null {
  if (rule.kind === 'images') return (c) => (hasImage(c) ? ['image'] : null);
  if (rule.kind === 'links') return (c) => (hasLink(c) ? ['link'] : null);
  const match = keywordMatcher(rule.words);
  return (c) => {
    const found = match(c.message ?? '');
    return found.length ? found : null;
  };
}
