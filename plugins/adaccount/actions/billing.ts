import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { billingTransactions, isoDate, type BillingPage } from '../api';

/** The jobs panel's line: count, then `date amount currency status` per transaction (newest first). */
export function billingSummary(page: BillingPage): string {
  return [String(page.transactions.length), ...page.transactions.map((t) => `${isoDate(t.time)} ${t.amount} ${t.currency} ${t.status}`)].join(' · ');
}

/** Reads the last 10 billing transactions of the last 10 years; the detail panel shows them in full. */
export const billingAction: PluginAction<JobItem, Record<string, never>> = {
  id: 'adaccount.billing',
  titleKey: 'actions.billing.title',
  target: 'adaccount',
  schema: 'adaccount.billing',
  idempotent: true,
  lane: 'graph',
  run: async (item, _params, ctx: ActionContext) => billingSummary(await billingTransactions(ctx.bridge, item.id, ctx)),
};
