import { defineAction } from '@kernel';
import { listAgencies, removeAgency } from '../api';
import { accountProblem, type AccountItem } from '../checks';

/** Stops sharing an ad account with an agency. A second removal is refused, so not idempotent. */
export default defineAction<'adaccount.removeAgency', AccountItem>('adaccount.removeAgency', {
  run: async (item, params, ctx) => {
    await removeAgency(ctx.bridge, item.id, params.business, ctx);
  },
  verify: async (item, params, ctx) => !(await listAgencies(ctx.bridge, item.id, ctx)).some((a) => a.id === params.business),
  describe: (_item, params) => ({ key: 'effects.removeAgency', values: { business: params.business } }),
  preflight: (item) => accountProblem(item, 'admin'),
});
