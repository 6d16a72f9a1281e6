import { defineAction } from '@kernel';
import { appealStatus, submitAppeal } from '../api';

/**
 * Appeals a disabled ad account. A second appeal while one is in review is refused, so not
 * idempotent; an appeal in review (or already decided for) means the submit landed.
 */
export default defineAction('adaccount.appealSubmit', {
  run: async (item, params, ctx) => ({ status: (await submitAppeal(ctx.bridge, item.id, params.appeal_comment, ctx)).status }),
  verify: async (item, _params, ctx) => {
    const s = await appealStatus(ctx.bridge, item.id, ctx);
    return s.status === 'PENDING' || s.status === 'APPROVED';
  },
});
