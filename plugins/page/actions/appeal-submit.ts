import { defineAction } from '@kernel';
import { appealStatus, appealSubmit } from '../api';
import { pageName, type PageItem } from '../checks';

/** Appeals a page's restriction. A second appeal in review is refused: an appeal pending or decided means it landed. */
export default defineAction<'page.appealSubmit', PageItem>('page.appealSubmit', {
  run: async (item, params, ctx) => ({ status: await appealSubmit(ctx.bridge, item.id, params.appeal_comment, ctx) }),
  verify: async (item, _params, ctx) => ['PENDING', 'APPROVED', 'REJECTED'].includes((await appealStatus(ctx.bridge, item.id, ctx)).status),
  describe: (item) => ({ key: 'effects.appealSubmit', values: { page: pageName(item) } }),
});
