/** The platform check's findings in the operator's words (the reason an action is disabled, the check screen). */
import type { TFunction } from 'i18next';
import type { StoredFinding } from './results';

type T = TFunction | ((key: string, o?: Record<string, unknown>) => string);

/** The call a finding is about, in its plugin's words. */
export function callName(f: StoredFinding, t: T): string {
  return f.titleKey ? String((t as (k: string, o?: Record<string, unknown>) => string)(f.titleKey, { ns: f.pluginId, defaultValue: f.key })) : f.key;
}

/** What an admin updates for it, or whom the operator asks. */
export function fixText(f: StoredFinding, t: T, admin: boolean): string {
  const tt = t as (k: string, o?: Record<string, unknown>) => string;
  if (f.fix === 'version') return tt(admin ? 'check.fix.versionAdmin' : 'check.fix.versionOperator', { version: f.version ?? '' });
  if (f.fix === 'document') return tt(admin ? 'check.fix.documentAdmin' : 'check.fix.documentOperator', { document: f.document ?? '' });
  return '';
}

/** One finding as a sentence: what is wrong with the call. */
export function findingText(f: StoredFinding, t: T): string {
  const tt = t as (k: string, o?: Record<string, unknown>) => string;
  const call = callName(f, t);
  if (f.state === 'changed') return tt('check.changed', { call, fields: (f.problems ?? []).map((p) => p.field).join(', ') });
  if (f.state === 'failing' && f.fix === 'version') return tt('check.versionLine', { call, version: f.version ?? '' });
  if (f.state === 'failing') return tt('check.failing', { call, message: f.message ?? '' });
  return tt(`check.state.${f.state}`);
}

/** Why an action is disabled: its first blocking finding, and what to do about it. */
export function blockingText(findings: readonly StoredFinding[], t: T, admin: boolean): string | null {
  const first = findings[0];
  if (!first) return null;
  const fix = fixText(first, t, admin);
  return [findingText(first, t), fix].filter(Boolean).join(' ');
}
