import type { RunnerRefusal } from './types';

/** A refusal as the operator reads it (the action dialog, the jobs panel, a toast from another tab). */
export function refusalText(e: RunnerRefusal, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (e.reason === 'operations') return t('runner.operationsMissing', { names: e.names.join(', ') });
  if (e.reason === 'extension') return t('extension.updateNeeded');
  if (e.reason === 'empty') return t('runner.selectFirst');
  if (e.reason === 'secret-tab') return t('runner.secretOtherTab');
  return e.message;
}
