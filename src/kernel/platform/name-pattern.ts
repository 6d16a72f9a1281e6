/**
 * Name patterns: the new name of each item of a job, made from a template the operator types.
 *
 * - `{index}` is the item's position in the job, 1…N in the order the list showed the selection
 *   (the runner numbers the items when it plans them: `JobItem.index`, 0-based); `{index:3}` pads it
 *   with zeros to 3 digits (`001`).
 * - `{name}`, `{id}`, `{business}`, `{currency}` are the item's own values (empty when it has none);
 *   `{name}` is the current name after find and replace.
 * - `{{` and `}}` write a brace. Anything else between braces is an unknown placeholder: reported as
 *   a problem of the parameter, never written literally.
 *
 * Find and replace changes the current name: plain text (every occurrence, as typed) or a regular
 * expression (every match; `$1` in the replacement is its first group). A regular expression that
 * does not compile is reported in the operator's words (`kernel:pattern.regex.*`), never with the
 * engine's English text.
 *
 * The dry run's `describe` and the write call the same function, so the written names equal the preview.
 */

/** An item's values a template may name. */
export interface NameFields { name?: string; id?: string; business?: string; currency?: string }

/** Find and replace as a job's parameters hold it (fields absent in jobs stored before it existed). */
export interface FindReplace { find?: string; replace?: string; regex?: boolean }

/** One problem of a pattern's parameters: a locale key of the kernel and its values. */
export interface PatternProblem { key: string; values?: Record<string, unknown> }

const FIELDS = ['name', 'id', 'business', 'currency'] as const;
const TOKEN = /\{\{|\}\}|\{([^{}]*)\}/g;
const INDEX = /^index(?::(\d{1,2}))?$/;
/** The widest `{index:N}`: more zeros than any job has items is a typing mistake. */
export const MAX_INDEX_WIDTH = 10;

type Part = { text: string } | { field: (typeof FIELDS)[number] } | { index: number };

function parse(template: string): { parts: Part[]; problems: PatternProblem[] } {
  const parts: Part[] = [];
  const problems: PatternProblem[] = [];
  let last = 0;
  for (const m of template.matchAll(TOKEN)) {
    if (m.index > last) parts.push({ text: template.slice(last, m.index) });
    last = m.index + m[0].length;
    if (m[0] === '{{') { parts.push({ text: '{' }); continue; }
    if (m[0] === '}}') { parts.push({ text: '}' }); continue; }
    const inner = m[1].trim();
    const index = INDEX.exec(inner);
    if (index) {
      const width = index[1] === undefined ? 0 : Number(index[1]);
      if (index[1] !== undefined && (width < 1 || width > MAX_INDEX_WIDTH)) problems.push({ key: 'kernel:pattern.indexWidth', values: { placeholder: m[0], max: MAX_INDEX_WIDTH } });
      parts.push({ index: width });
    } else if ((FIELDS as readonly string[]).includes(inner)) {
      parts.push({ field: inner as (typeof FIELDS)[number] });
    } else {
      problems.push({ key: 'kernel:pattern.unknown', values: { placeholder: m[0] } });
    }
  }
  if (last < template.length) parts.push({ text: template.slice(last) });
  return { parts, problems };
}

/** What is wrong with a template (unknown placeholders, a bad `{index:N}`); empty when it is usable. */
export function templateProblems(template: string): PatternProblem[] {
  return parse(template).problems;
}

/** Whether the template names `{name}` (find and replace only change a name through it). */
export function namesCurrentName(template: string): boolean {
  return parse(template).parts.some((p) => 'field' in p && p.field === 'name');
}

/** Why a regular expression the operator typed does not compile, as a kernel locale key (`kernel:pattern.regex.<reason>`). */
export function regexProblem(source: string): PatternProblem | null {
  try {
    new RegExp(source, 'g');
    return null;
  } catch (e) {
    const text = String((e as Error).message ?? '');
    const reason = REGEX_REASONS.find(([re]) => re.test(text))?.[1] ?? 'invalid';
    return { key: `kernel:pattern.regex.${reason}` };
  }
}

/** The engines' messages (V8, SpiderMonkey, JavaScriptCore) by what the operator did. */
const REGEX_REASONS: [RegExp, string][] = [
  [/unterminated group|missing \)|unmatched '?\('?/i, 'openGroup'],
  [/unmatched '?\)'?|unbalanced parenthes/i, 'closeGroup'],
  [/unterminated character class|missing \]|brackets? not closed/i, 'openClass'],
  [/out of order in \{\}|numbers out of order/i, 'repeatRange'],
  [/nothing to repeat|lone quantifier|quantifier/i, 'nothingToRepeat'],
  [/\\ at end of pattern|escape at end|trailing backslash/i, 'trailingBackslash'],
  [/range out of order|out of order in character class/i, 'classRange'],
  [/invalid escape|invalid unicode escape|invalid identity escape/i, 'escape'],
];

/** Problems of find and replace: a bad regular expression, or a replacement with nothing to find. */
export function findProblems(fr: FindReplace): { field: 'find' | 'replace'; problem: PatternProblem }[] {
  const out: { field: 'find' | 'replace'; problem: PatternProblem }[] = [];
  const find = fr.find ?? '';
  if (find && fr.regex) {
    const problem = regexProblem(find);
    if (problem) out.push({ field: 'find', problem });
  }
  if (!find && (fr.replace ?? '') !== '') out.push({ field: 'find', problem: { key: 'kernel:pattern.findMissing' } });
  return out;
}

/** The current name with find and replace applied (unchanged when there is nothing to find). */
export function replaceInName(name: string, fr: FindReplace): string {
  const find = fr.find ?? '';
  if (!find) return name;
  const replace = fr.replace ?? '';
  if (fr.regex) return name.replace(new RegExp(find, 'g'), replace);
  return name.split(find).join(replace);
}

/**
 * The name one item gets: the template filled in for it. `position` is its 1-based number in the
 * job (`JobItem.index + 1`). Throws on a template with problems (the runner refuses such parameters
 * before a dry run or a write, so this only guards against a job stored with them).
 */
export function fillName(template: string, fields: NameFields, position: number, fr: FindReplace = {}): string {
  const { parts, problems } = parse(template);
  if (problems.length) throw new Error(`name pattern: ${problems.map((p) => String(p.values?.placeholder ?? p.key)).join(', ')}`);
  return parts.map((p) => {
    if ('text' in p) return p.text;
    if ('index' in p) return String(position).padStart(p.index, '0');
    const value = fields[p.field] ?? '';
    return p.field === 'name' ? replaceInName(value, fr) : value;
  }).join('').trim();
}

/** The 1-based position of a job item (`index` as the runner planned it; an item without one, from a job stored before, is 1). */
export function positionOf(item: { readonly [key: string]: unknown }): number {
  return typeof item.index === 'number' && Number.isInteger(item.index) && item.index >= 0 ? item.index + 1 : 1;
}

/**
 * The schema annotation `"x-tessera-pattern"` names the role of a parameter: `name` a template,
 * `find`, `replace` and `regex` find and replace. The runner checks them with the schema
 * (src/kernel/runner/params.ts) so the dialog shows each problem under its field.
 */
export type PatternRole = 'name' | 'find' | 'replace' | 'regex';

/** Field problems of a job's parameters by the schema's `x-tessera-pattern` annotations. */
export function patternFieldProblems(properties: Record<string, unknown> | undefined, params: unknown): { field: string; problem: PatternProblem }[] {
  if (!properties || !params || typeof params !== 'object') return [];
  const values = params as Record<string, unknown>;
  const roles: Partial<Record<PatternRole, string>> = {};
  for (const [field, prop] of Object.entries(properties)) {
    const role = (prop as { 'x-tessera-pattern'?: unknown } | null)?.['x-tessera-pattern'];
    if (role === 'name' || role === 'find' || role === 'replace' || role === 'regex') roles[role] = field;
  }
  const text = (role: PatternRole) => (roles[role] && typeof values[roles[role]!] === 'string' ? (values[roles[role]!] as string) : '');
  const out: { field: string; problem: PatternProblem }[] = [];
  if (roles.name) for (const problem of templateProblems(text('name')).slice(0, 1)) out.push({ field: roles.name, problem });
  if (roles.find) {
    const fr: FindReplace = { find: text('find'), replace: text('replace'), regex: roles.regex ? values[roles.regex] === true : false };
    for (const { problem } of findProblems(fr)) out.push({ field: roles.find, problem });
    if (fr.find && roles.name && text('name') && !namesCurrentName(text('name')) && !out.some((o) => o.field === roles.name)) {
      out.push({ field: roles.find, problem: { key: 'kernel:pattern.findUnused' } });
    }
  }
  return out;
}
