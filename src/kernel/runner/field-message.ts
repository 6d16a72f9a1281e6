// What the operator reads for a parameter's problem. A module of its own: only the screens that show
// problems (the action dialog, the jobs panel, the import of values) need ajv-i18n's Chinese, not the
// runner the first screen loads (docs/DECISIONS.md, "The dashboard loads what it shows").
import type { ErrorObject } from 'ajv';
import localizeZh from 'ajv-i18n/localize/zh';
import type { FieldError } from './params';

/**
 * Localizes ajv's own errors when no `x-message` applies (ajv-i18n's `localize[<lang>]` has this
 * shape: it rewrites each error's `message` in place). ajv-i18n's Chinese by default; an error left
 * without a message reads as the kernel's one generic sentence.
 */
export type AjvLocalizer = (errors: ErrorObject[], locale: string) => void;
/**
 * ajv-i18n's Chinese for a Chinese operator (the default language; imported alone, the package has
 * 20). Its English is ajv's own wording, so an English operator reads the kernel's sentence instead.
 */
const ajvI18n: AjvLocalizer = (errors, locale) => {
  if (locale.startsWith('zh')) localizeZh(errors);
  else for (const e of errors) e.message = '';
};
let ajvLocalizer: AjvLocalizer | null = ajvI18n;
export function registerAjvLocalizer(localizer: AjvLocalizer | null): void { ajvLocalizer = localizer; }

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the operator reads for a field error, in the current language. */
export function fieldMessage(e: Pick<FieldError, 'key' | 'values' | 'error'>, t: Translate, locale: string): string {
  if (e.key) return t(e.key, { ...e.values });
  if (e.error && ajvLocalizer) {
    const copy = [{ ...e.error }];
    ajvLocalizer(copy, locale);
    if (copy[0].message) return copy[0].message;
  }
  return t('kernel:runner.invalidValue');
}
