import { defineAction } from '@kernel';
import { keywords, saveKeywords } from '../api';
import { label, pageName, taskProblem, type PageItem } from '../checks';
import { mergeKeywords } from '../keywords';
import { keywordStates } from '../undo';

const wordsOf = (state: { words?: unknown } | null | undefined): string[] => JSON.parse(String(state?.words ?? '[]')) as string[];

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
  // Undo: the list read just before is saved whole again. A page with more keywords than one read
  // gives (2,000) cannot be put back from what was read: its undo refuses before writing.
  undo: {
    readsParams: [],
    read: (items, _params, ctx) => keywordStates(items, ctx),
    after: (_item, params, before) => {
      const next = mergeKeywords(wordsOf(before), params.words, params.mode ?? 'add');
      return { words: JSON.stringify(next), count: next.length };
    },
    run: async (item, before, _params, ctx) => {
      if (!before) return;
      const words = wordsOf(before);
      if (Number(before.count) > words.length) throw new Error(`the page had ${before.count} keywords, more than one read gives (${words.length}): the list cannot be put back whole`);
      await saveKeywords(ctx.bridge, item.id, words, ctx);
    },
    describe: (item, before) => ({ key: 'effects.undo.keywords', values: { page: pageName(item), count: Number(before?.count ?? 0) } }),
  },
});
