import { defineAction } from '@kernel';
import { appealStatus, submitAppeal } from '../api';
import { label, type AccountItem } from '../checks';

const DISABLED = 2;

/**
 * Appeals a disabled ad account. A second appeal while one is in review is refused, so not
 * idempotent; an appeal in review (or already decided for) means the submit landed.
 */
export default defineAction<'adaccount.appealSubmit', AccountItem>('adaccount.appealSubmit', {
  run: async (item, params, ctx) => ({ status: (await submitAppeal(ctx.bridge, item.id, params.appeal_comment, ctx)).status }),
  verify: async (item, _params, ctx) => {
    const s = await appealStatus(ctx.bridge, item.id, ctx);
    return s.status === 'PENDING' || s.status === 'APPROVED';
  },
  describe: () => ({ key: 'effects.appealSubmit' }),
  // Only a disabled account can be appealed.
  preflight: (item) => (item.account_status !== undefined && item.account_status !== DISABLED
    ? { key: 'preflight.notDisabled', values: { status: label(`status.${item.account_status}`) } } : null),
});
