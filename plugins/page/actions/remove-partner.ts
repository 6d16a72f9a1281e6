import { defineAction } from '@kernel';
import { removePartner } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';
import { requireRecheck } from '../recheck';

/** Removes a partner business's access to pages, after the password re-check. A second removal is refused, so not idempotent. */
export default defineAction<'page.removePartner', PageItem>('page.removePartner', {
  prepare: (params, ctx) => requireRecheck(ctx.bridge, params.password, ctx.signal),
  run: async (item, params, ctx) => {
    await removePartner(ctx.bridge, item.id, params.partner_business_id, ctx);
  },
  describe: (item, params) => ({ key: 'effects.removePartner', values: { page: pageName(item), business: params.partner_business_id } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
