import { defineAction } from '@kernel';
import { deactivationState } from '../api';
import type { PageItem } from '../checks';
import { isoDay } from '../dates';

/** Whether a page is deactivated, and until when (7 days after the deactivation). */
export default defineAction<'page.deactivationState', PageItem>('page.deactivationState', {
  run: async (item, _params, ctx) => {
    const s = await deactivationState(ctx.bridge, item.id, ctx);
    return { deactivated: s.deactivated, until: isoDay(s.until) };
  },
  describe: () => ({ key: 'effects.deactivationState' }),
});
