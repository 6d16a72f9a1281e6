import { defineAction } from '@kernel';
import { listAgencies, removeAgency, shareAgencyTasks } from '../api';
import { accountProblem, type AccountItem } from '../checks';
import { agencyStates } from '../undo';

/** Stops sharing an ad account with an agency. A second removal is refused, so not idempotent. */
export default defineAction<'adaccount.removeAgency', AccountItem>('adaccount.removeAgency', {
  run: async (item, params, ctx) => {
    await removeAgency(ctx.bridge, item.id, params.business, ctx);
  },
  verify: async (item, params, ctx) => !(await listAgencies(ctx.bridge, item.id, ctx)).some((a) => a.id === params.business),
  describe: (_item, params) => ({ key: 'effects.removeAgency', values: { business: params.business } }),
  preflight: (item) => accountProblem(item, 'admin'),
  // Undo: the account is shared with the agency again, with the tasks it held just before.
  undo: {
    read: (items, params, ctx) => agencyStates(items, () => params.business, ctx),
    after: () => ({ tasks: null }),
    run: async (item, before, params, ctx) => {
      if (before && before.tasks !== null) await shareAgencyTasks(ctx.bridge, item.id, params.business, String(before.tasks).split(','), ctx);
    },
    describe: (_item, before) => ({ key: 'effects.undo.agencyTasks', values: { tasks: String(before?.tasks ?? '').split(',').join(', ') } }),
  },
});
