import { defineAction } from '@kernel';
import { userAppealStatus } from '../api';
import type { PageItem } from '../checks';

/** The session user's own restriction appeal (one item: the user). */
export default defineAction<'page.userAppealStatus', PageItem>('page.userAppealStatus', {
  run: async (_item, _params, ctx) => userAppealStatus(ctx.bridge, ctx),
  describe: () => ({ key: 'effects.userAppealStatus' }),
});
