import { defineAction } from '@kernel';
import { keywords } from '../api';
import type { PageItem } from '../checks';

/** A page's blocked keywords (the first 2,000) and how many there are. */
export default defineAction<'page.listKeywords', PageItem>('page.listKeywords', {
  run: async (item, _params, ctx) => {
    const k = await keywords(ctx.bridge, item.id, ctx);
    return { count: k.count, words: k.words.join(', ') };
  },
  describe: () => ({ key: 'effects.listKeywords' }),
});
