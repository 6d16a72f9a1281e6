import { defineAction } from '@kernel';
import { listUsers } from '../api';
import type { BusinessItem } from '../checks';

/** The people of each business (300 at most), one output row each. */
export default defineAction<'bm.listUsers', BusinessItem>('bm.listUsers', {
  run: async (item, _params, ctx) => (await listUsers(ctx.bridge, item.id, ctx))
    .map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, two_fac_status: u.two_fac_status ?? '', pending_email: u.pending_email ?? '' })),
  describe: () => ({ key: 'effects.read' }),
});
