import { defineAction } from '@kernel';
import { listAgencies } from '../api';
import type { AccountItem } from '../checks';

/** Reads the agencies an ad account is shared with: one output row each. */
export default defineAction<'adaccount.listAgencies', AccountItem>('adaccount.listAgencies', {
  run: async (item, _params, ctx) => (await listAgencies(ctx.bridge, item.id, ctx))
    .map((a) => ({ name: a.name, id: a.id, status: a.access_status, tasks: a.permitted_tasks.join(', ') })),
  describe: () => ({ key: 'effects.listAgencies' }),
});
