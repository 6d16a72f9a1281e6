import { defineAction } from '@kernel';
import { listPending } from '../api';
import type { BusinessItem } from '../checks';

/** Invitations not yet accepted, one output row each. */
export default defineAction<'bm.listPending', BusinessItem>('bm.listPending', {
  run: async (item, _params, ctx) => (await listPending(ctx.bridge, item.id, ctx)).map((u) => ({ id: u.id, email: u.email, role: u.role, status: u.status })),
  describe: () => ({ key: 'effects.read' }),
});
