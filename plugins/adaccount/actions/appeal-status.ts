import { defineAction } from '@kernel';
import { appealStatus, isoDate } from '../api';
import type { AccountItem } from '../checks';

/** Reads whether an ad account can be appealed and where its appeal stands (in the platform's own values). */
export default defineAction<'adaccount.appealStatus', AccountItem>('adaccount.appealStatus', {
  run: async (item, _params, ctx) => {
    const s = await appealStatus(ctx.bridge, item.id, ctx);
    return { accountStatus: s.accountStatus, disableReason: s.disableReason, status: s.status, canAppeal: s.canAppeal, submitted: s.submittedTime ? isoDate(s.submittedTime) : '' };
  },
  describe: () => ({ key: 'effects.appealStatus' }),
});
