import { defineAction } from '@kernel';
import { releaseFromBusiness } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';
import { requireRecheck } from '../recheck';

/** Releases pages from the business that owns them, after the password re-check. */
export default defineAction<'page.releaseFromBusiness', PageItem>('page.releaseFromBusiness', {
  prepare: (params, ctx) => requireRecheck(ctx.bridge, params.password, ctx.signal),
  run: async (item, _params, ctx) => {
    await releaseFromBusiness(ctx.bridge, item.id, ctx);
  },
  describe: (item) => ({ key: 'effects.releaseFromBusiness', values: { page: pageName(item) } }),
  preflight: (item) => (item.business === '' ? { key: 'preflight.noBusiness', values: { page: pageName(item) } } : taskProblem(item, 'MANAGE')),
});
