import { defineAction } from '@kernel';
import { addRole, listRoles, ROLE_TASKS } from '../api';
import { pageName, pairOf, taskProblem, type PageItem } from '../checks';

/** Gives people (by id) a role with the task list on pages: one item per page × person. Giving it twice is harmless. */
export default defineAction<'page.addRole', PageItem>('page.addRole', {
  run: async (item, params, ctx) => {
    await addRole(ctx.bridge, item.id, pairOf(item, params.uids), params.tasks ?? ROLE_TASKS, ctx);
  },
  verify: async (item, params, ctx) => (await listRoles(ctx.bridge, item.id, ctx)).some((r) => r.id === pairOf(item, params.uids)),
  describe: (item, params) => ({ key: 'effects.addRole', values: { user: pairOf(item, params.uids), page: pageName(item), count: (params.tasks ?? ROLE_TASKS).length } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
