import { defineAction } from '@kernel';
import { scanHiddenAdmins } from '../api';
import type { BusinessItem } from '../checks';

/** Administrators the business settings' people list shows and business_users does not: one output row each. */
export default defineAction<'bm.detectHiddenAdmins', BusinessItem>('bm.detectHiddenAdmins', {
  run: async (item, _params, ctx) => (await scanHiddenAdmins(ctx.bridge, item.id, ctx)).hidden
    .map((p) => ({ id: p.id, name: p.name, email: p.email, role: p.role })),
  describe: () => ({ key: 'effects.detectHiddenAdmins' }),
});
