import { defineAction } from '@kernel';
import { setCategories, updateCategory } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';
import { categoryStates } from '../undo';

/** Changes the category of pages (a category id from the category search). */
export default defineAction<'page.updateCategory', PageItem>('page.updateCategory', {
  run: async (item, params, ctx) => {
    await updateCategory(ctx.bridge, item.id, params.category, ctx);
  },
  describe: (item, params) => ({ key: 'effects.updateCategory', values: { page: pageName(item), category: params.category } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
  // Undo: the categories the page had just before (by id, from its category_list) go back, in their order.
  undo: {
    readsParams: [],
    read: (items, _params, ctx) => categoryStates(items, ctx),
    after: (_item, params) => ({ categories: String(params.category) }),
    run: async (item, before, _params, ctx) => {
      const ids = String(before?.categories ?? '').split(',').filter(Boolean);
      if (ids.length) await setCategories(ctx.bridge, item.id, ids, ctx);
    },
    describe: (item, before) => ({ key: 'effects.updateCategory', values: { page: pageName(item), category: String(before?.categories ?? '') } }),
  },
});
