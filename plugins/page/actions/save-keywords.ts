import { defineAction } from '@kernel';
import { keywords, saveKeywords } from '../api';
import { label, pageName, taskProblem, type PageItem } from '../checks';
import { mergeKeywords } from '../keywords';

/**
 * Adds keywords to, removes them from, or replaces a page's blocked keywords: the page's list is read,
 * changed and saved whole, so running it twice gives the same list.
 */
export default defineAction<'page.saveKeywords', PageItem>('page.saveKeywords', {
  run: async (item, params, ctx) => {
    const now = await keywords(ctx.bridge, item.id, ctx);
    const next = mergeKeywords(now.words, params.words, params.mode ?? 'add');
    await saveKeywords(ctx.bridge, item.id, next, ctx);
    return { count: next.length };
  },
  describe: (item, params) => ({ key: 'effects.saveKeywords', values: { page: pageName(item), count: params.words.length, mode: label(`keywordMode.${params.mode ?? 'add'}`) } }),
  preflight: (item) => taskProblem(item, 'MODERATE'),
});
