import { defineAction } from '@kernel';
import { adminPeople, removeAdmin } from '../api';
import { pageName, pairOf, taskProblem, type PageItem } from '../checks';

/** Removes admins or their invitations (one item per page × person); settled by the admin list. */
export default defineAction<'page.removeAdmin', PageItem>('page.removeAdmin', {
  run: async (item, params, ctx) => {
    await removeAdmin(ctx.bridge, item.id, pairOf(item, params.uids), ctx);
  },
  verify: async (item, params, ctx) => !(await adminPeople(ctx.bridge, item.id, ctx)).some((p) => p.id === pairOf(item, params.uids)),
  describe: (item, params) => ({ key: 'effects.removeAdmin', values: { user: pairOf(item, params.uids), page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
