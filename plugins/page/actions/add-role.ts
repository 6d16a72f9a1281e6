import { defineAction } from '@kernel';
import { addRole, listAssigned, ROLE_TASKS } from '../api';
import { businessOf, businessProblem, pageName, pairOf, taskProblem, type PageItem } from '../checks';

/**
 * Gives business people (by business-user id) a role with the task list on pages, through the page's
 * business: one item per page × person. Giving it twice is harmless; settled by the page's assigned users.
 */
export default defineAction<'page.addRole', PageItem>('page.addRole', {
  run: async (item, params, ctx) => {
    await addRole(ctx.bridge, item.id, await businessOf(ctx.bridge, item, ctx), pairOf(item, params.uids), params.tasks ?? ROLE_TASKS, ctx);
  },
  verify: async (item, params, ctx) => (await listAssigned(ctx.bridge, item.id, await businessOf(ctx.bridge, item, ctx), ctx)).some((r) => r.id === pairOf(item, params.uids)),
  describe: (item, params) => ({ key: 'effects.addRole', values: { user: pairOf(item, params.uids), page: pageName(item), count: (params.tasks ?? ROLE_TASKS).length } }),
  preflight: (item) => taskProblem(item, 'MANAGE') ?? businessProblem(item),
});
