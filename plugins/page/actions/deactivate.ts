import { defineAction } from '@kernel';
import { deactivate, deactivationState } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';
import { isoDay } from '../dates';

/** Deactivates pages for 7 days (reversible by reactivating). A second deactivation is refused: settled by the page's state. */
export default defineAction<'page.deactivate', PageItem>('page.deactivate', {
  run: async (item, _params, ctx) => ({ until: isoDay(await deactivate(ctx.bridge, item.id, ctx)) }),
  verify: async (item, _params, ctx) => (await deactivationState(ctx.bridge, item.id, ctx)).deactivated,
  describe: (item) => ({ key: 'effects.deactivate', values: { page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
