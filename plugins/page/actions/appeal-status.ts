import { defineAction } from '@kernel';
import { appealStatus } from '../api';
import type { PageItem } from '../checks';

/** Whether a page is restricted and where its appeal stands (the platform's own values). */
export default defineAction<'page.appealStatus', PageItem>('page.appealStatus', {
  run: async (item, _params, ctx) => {
    const s = await appealStatus(ctx.bridge, item.id, ctx);
    return { restricted: s.restricted, status: s.status, canAppeal: s.canAppeal };
  },
  describe: () => ({ key: 'effects.appealStatus' }),
});
