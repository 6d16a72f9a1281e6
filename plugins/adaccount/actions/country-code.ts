import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { countryCode } from '../api';

/** Reads the business country code of each account (the jobs panel shows it; '-' when none is set). */
export const countryCodeAction: PluginAction<JobItem, Record<string, never>> = {
  id: 'adaccount.countryCode',
  titleKey: 'actions.countryCode.title',
  target: 'adaccount',
  schema: 'adaccount.countryCode',
  idempotent: true,
  lane: 'graph',
  run: async (item, _params, ctx: ActionContext) => (await countryCode(ctx.bridge, item.id, ctx)) || '-',
};
