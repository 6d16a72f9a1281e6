import { defineAction } from '@kernel';
import { setReviews } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';

/** Turns reviews on or off on pages. */
export default defineAction<'page.reviewsToggle', PageItem>('page.reviewsToggle', {
  run: async (item, params, ctx) => {
    await setReviews(ctx.bridge, item.id, params.enabled, ctx);
  },
  describe: (item, params) => ({ key: params.enabled ? 'effects.reviewsOn' : 'effects.reviewsOff', values: { page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
