import type { RunnerRefusal } from './types';

/** A refusal as the operator reads it (the action dialog, the jobs panel, a toast from another tab). */
export function refusalText(e: RunnerRefusal, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (e.reason === 'operations') return t('runner.operationsMissing', { names: e.names.join(', ') });
  if (e.reason === 'extension') return t('extension.updateNeeded');
  if (e.reason === 'empty') return t('runner.selectFirst');
  if (e.reason === 'secret-tab') return t('runner.secretOtherTab');
  if (e.reason === 'policy') return t(`runner.teamPolicy.denied.${e.names[0] === 'action' || e.names[0] === 'irreversible' ? e.names[0] : 'role'}`);
  if (e.reason === 'approval') return t(`runner.teamPolicy.approval.${e.names[0] === 'size' || e.names[0] === 'irreversible' ? e.names[0] : 'action'}`, { limit: Number(e.names[1]) || 0 });
  if (e.reason === 'policy-loading') return t('runner.teamPolicy.loading');
  return e.message;
}
