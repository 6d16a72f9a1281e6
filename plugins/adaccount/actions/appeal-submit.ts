import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { appealStatus, submitAppeal } from '../api';

/** Parameters of adaccount.appealSubmit (schemas/actions/adaccount/appealSubmit.json). */
export interface AppealSubmitParams { appeal_comment: string }

/**
 * Appeals a disabled ad account. A second appeal while one is in review is refused, so not
 * idempotent; an appeal in review (or already decided for) means the submit landed.
 */
export const appealSubmitAction: PluginAction<JobItem, AppealSubmitParams> = {
  id: 'adaccount.appealSubmit',
  titleKey: 'actions.appealSubmit.title',
  target: 'adaccount',
  schema: 'adaccount.appealSubmit',
  idempotent: false,
  lane: 'graph-write',
  run: async (item, params, ctx: ActionContext) => `appeal=${(await submitAppeal(ctx.bridge, item.id, params.appeal_comment, ctx)).status}`,
  verify: async (item, _params, ctx) => {
    const s = await appealStatus(ctx.bridge, item.id, ctx);
    return s.status === 'PENDING' || s.status === 'APPROVED';
  },
};
