import { defineAction, fieldStates } from '@kernel';
import { setPublished } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';

/** Unpublishes pages (POST {page} is_published=false with the page's own token). */
export default defineAction<'page.unpublish', PageItem>('page.unpublish', {
  run: async (item, _params, ctx) => {
    await setPublished(ctx.bridge, item.id, false, ctx);
  },
  describe: (item) => ({ key: 'effects.unpublish', values: { page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
  // Undo: published again if it was (its `is_published` read just before, through the Graph batch).
  undo: {
    readsParams: [],
    read: (items, _params, ctx) => fieldStates(items, ['is_published'], ctx),
    after: () => ({ is_published: false }),
    run: async (item, before, _params, ctx) => {
      if (before?.is_published === true) await setPublished(ctx.bridge, item.id, true, ctx);
    },
    describe: (item) => ({ key: 'effects.undo.publish', values: { page: pageName(item) } }),
  },
});
