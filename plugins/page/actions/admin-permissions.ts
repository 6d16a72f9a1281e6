import { defineAction } from '@kernel';
import { adminPeople } from '../api';
import type { PageItem } from '../checks';

/** Who has access to a page, invitations included (the admin permissions root query). */
export default defineAction<'page.adminPermissions', PageItem>('page.adminPermissions', {
  run: async (item, _params, ctx) => adminPeople(ctx.bridge, item.id, ctx),
  describe: () => ({ key: 'effects.adminPermissions' }),
});
