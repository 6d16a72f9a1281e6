import { defineAction } from '@kernel';
import { listAgencies } from '../api';

/** Reads the agencies an ad account is shared with: one output row each. */
export default defineAction('adaccount.listAgencies', {
  run: async (item, _params, ctx) => (await listAgencies(ctx.bridge, item.id, ctx))
    .map((a) => ({ name: a.name, id: a.id, status: a.access_status, tasks: a.permitted_tasks.join(', ') })),
});
