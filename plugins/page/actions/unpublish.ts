import { defineAction } from '@kernel';
import { setPublished } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';

/** Unpublishes pages (POST {page} is_published=false with the page's own token). */
export default defineAction<'page.unpublish', PageItem>('page.unpublish', {
  run: async (item, _params, ctx) => {
    await setPublished(ctx.bridge, item.id, false, ctx);
  },
  describe: (item) => ({ key: 'effects.unpublish', values: { page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
