import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { appealStatus, isoDate, type AppealStatus } from '../api';

/** The jobs panel's line, in the platform's own field names and values. */
export function appealSummary(s: AppealStatus): string {
  const parts = [`account_status=${s.accountStatus ?? ''}`, `disable_reason=${s.disableReason ?? ''}`, `appeal=${s.status}`, `can_appeal=${s.canAppeal}`];
  if (s.submittedTime) parts.push(isoDate(s.submittedTime));
  return parts.join(' · ');
}

/** Reads whether an ad account can be appealed and where its appeal stands. */
export const appealStatusAction: PluginAction<JobItem, Record<string, never>> = {
  id: 'adaccount.appealStatus',
  titleKey: 'actions.appealStatus.title',
  target: 'adaccount',
  schema: 'adaccount.appealStatus',
  idempotent: true,
  lane: 'graph',
  run: async (item, _params, ctx: ActionContext) => appealSummary(await appealStatus(ctx.bridge, item.id, ctx)),
};
