import { defineAction } from '@kernel';
import { listAssigned, removeRole } from '../api';
import { businessOf, businessProblem, pageName, pairOf, taskProblem, type PageItem } from '../checks';

/** Removes business people's roles (one item per page × person). A second removal is refused: settled by the page's assigned users. */
export default defineAction<'page.removeRole', PageItem>('page.removeRole', {
  run: async (item, params, ctx) => {
    await removeRole(ctx.bridge, item.id, await businessOf(ctx.bridge, item, ctx), pairOf(item, params.uids), ctx);
  },
  verify: async (item, params, ctx) => !(await listAssigned(ctx.bridge, item.id, await businessOf(ctx.bridge, item, ctx), ctx)).some((r) => r.id === pairOf(item, params.uids)),
  describe: (item, params) => ({ key: 'effects.removeRole', values: { user: pairOf(item, params.uids), page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE') ?? businessProblem(item),
});
