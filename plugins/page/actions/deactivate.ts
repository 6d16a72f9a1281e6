import { defineAction } from '@kernel';
import { deactivate, deactivationState, reactivate } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';
import { isoDay } from '../dates';
import { deactivationStates } from '../undo';

/** Deactivates pages for 7 days (reversible by reactivating). A second deactivation is refused: settled by the page's state. */
export default defineAction<'page.deactivate', PageItem>('page.deactivate', {
  run: async (item, _params, ctx) => ({ until: isoDay(await deactivate(ctx.bridge, item.id, ctx)) }),
  verify: async (item, _params, ctx) => (await deactivationState(ctx.bridge, item.id, ctx)).deactivated,
  describe: (item) => ({ key: 'effects.deactivate', values: { page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
  // Undo: the page is reactivated (it was active: a second deactivation is refused).
  undo: {
    readsParams: [],
    read: (items, _params, ctx) => deactivationStates(items, ctx),
    after: () => ({ deactivated: true }),
    run: async (item, before, _params, ctx) => {
      if (before && before.deactivated === false) await reactivate(ctx.bridge, item.id, ctx);
    },
    describe: (item) => ({ key: 'effects.reactivate', values: { page: pageName(item) } }),
  },
});
