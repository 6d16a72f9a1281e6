import { defineAction } from '@kernel';
import { deletePage, pageExists } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';
import { requireRecheck } from '../recheck';

/** Deletes pages, only after the password re-check succeeded (once per job). Settled by whether the page still answers. */
export default defineAction<'page.deletePage', PageItem>('page.deletePage', {
  prepare: (params, ctx) => requireRecheck(ctx.bridge, params.password, ctx.signal),
  run: async (item, _params, ctx) => {
    await deletePage(ctx.bridge, item.id, ctx);
  },
  verify: async (item, _params, ctx) => !(await pageExists(ctx.bridge, item.id, ctx)),
  describe: (item) => ({ key: 'effects.deletePage', values: { page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
