import { defineAction } from '@kernel';
import { setProfanity } from '../api';
import { label, pageName, taskProblem, type PageItem } from '../checks';

/** Sets the profanity filter of pages. */
export default defineAction<'page.profanityFilter', PageItem>('page.profanityFilter', {
  run: async (item, params, ctx) => {
    await setProfanity(ctx.bridge, item.id, params.level, ctx);
  },
  describe: (item, params) => ({ key: 'effects.profanityFilter', values: { page: pageName(item), level: label(`actions.profanityFilter.enum.level.${params.level}`) } }),
  preflight: (item) => taskProblem(item, 'MODERATE'),
});
