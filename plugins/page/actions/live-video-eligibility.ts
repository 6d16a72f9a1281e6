import { defineAction } from '@kernel';
import { liveVideoEligibility } from '../api';
import type { PageItem } from '../checks';

/** Whether a page may go live, with the platform's reasons when not. */
export default defineAction<'page.liveVideoEligibility', PageItem>('page.liveVideoEligibility', {
  run: async (item, _params, ctx) => {
    const r = await liveVideoEligibility(ctx.bridge, item.id, ctx);
    return { eligible: r.eligible, reasons: r.reasons.join(', ') };
  },
  describe: () => ({ key: 'effects.liveVideoEligibility' }),
});
