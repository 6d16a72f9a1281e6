import { defineAction } from '@kernel';
import { updateCategory } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';

/** Changes the category of pages (a category id from the category search). */
export default defineAction<'page.updateCategory', PageItem>('page.updateCategory', {
  run: async (item, params, ctx) => {
    await updateCategory(ctx.bridge, item.id, params.category, ctx);
  },
  describe: (item, params) => ({ key: 'effects.updateCategory', values: { page: pageName(item), category: params.category } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
