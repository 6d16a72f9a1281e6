import { defineAction } from '@kernel';
import { listRoles, removeRole } from '../api';
import { pageName, pairOf, taskProblem, type PageItem } from '../checks';

/** Removes people's roles (one item per page × person). A second removal is refused: settled by the role list. */
export default defineAction<'page.removeRole', PageItem>('page.removeRole', {
  run: async (item, params, ctx) => {
    await removeRole(ctx.bridge, item.id, pairOf(item, params.uids), ctx);
  },
  verify: async (item, params, ctx) => !(await listRoles(ctx.bridge, item.id, ctx)).some((r) => r.id === pairOf(item, params.uids)),
  describe: (item, params) => ({ key: 'effects.removeRole', values: { user: pairOf(item, params.uids), page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
