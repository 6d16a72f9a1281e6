import { defineAction } from '@kernel';
import { listAgencies, removeAgency } from '../api';

/** Stops sharing an ad account with an agency. A second removal is refused, so not idempotent. */
export default defineAction('adaccount.removeAgency', {
  run: async (item, params, ctx) => {
    await removeAgency(ctx.bridge, item.id, params.business, ctx);
  },
  verify: async (item, params, ctx) => !(await listAgencies(ctx.bridge, item.id, ctx)).some((a) => a.id === params.business),
});
