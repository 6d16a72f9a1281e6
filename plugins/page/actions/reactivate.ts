import { defineAction } from '@kernel';
import { deactivationState, reactivate } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';

/** Reactivates deactivated pages (profile_id). A second call is refused: settled by the page's state. */
export default defineAction<'page.reactivate', PageItem>('page.reactivate', {
  run: async (item, _params, ctx) => {
    await reactivate(ctx.bridge, item.id, ctx);
  },
  verify: async (item, _params, ctx) => !(await deactivationState(ctx.bridge, item.id, ctx)).deactivated,
  describe: (item) => ({ key: 'effects.reactivate', values: { page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
