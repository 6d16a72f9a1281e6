import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { updateAccount, updateAccountEntry } from '../api';

/** Parameters of adaccount.changeTimezone (schemas/actions/adaccount/changeTimezone.json). */
export interface ChangeTimezoneParams {
  /** An IANA zone name; sent as `timezone_name` because the platform's numeric timezone ids are not published in full. */
  timezone: string;
}

/** Changes the account time zone. Idempotent, batchable. */
export const changeTimezoneAction: PluginAction<JobItem, ChangeTimezoneParams> = {
  id: 'adaccount.changeTimezone',
  titleKey: 'actions.changeTimezone.title',
  target: 'adaccount',
  schema: 'adaccount.changeTimezone',
  idempotent: true,
  lane: 'adaccount-batch',
  toBatch: (item, params) => updateAccountEntry(item.id, { timezone_name: params.timezone }),
  run: async (item, params, ctx: ActionContext) => {
    await updateAccount(ctx.bridge, item.id, { timezone_name: params.timezone }, ctx);
  },
};
