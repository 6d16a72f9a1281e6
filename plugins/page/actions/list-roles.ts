import { defineAction } from '@kernel';
import { listRoles } from '../api';
import type { PageItem } from '../checks';

/** The people with a role on a page (100). */
export default defineAction<'page.listRoles', PageItem>('page.listRoles', {
  run: async (item, _params, ctx) => (await listRoles(ctx.bridge, item.id, ctx)).map((r) => ({ id: r.id, name: r.name, tasks: r.tasks.join(', ') })),
  describe: () => ({ key: 'effects.listRoles' }),
});
