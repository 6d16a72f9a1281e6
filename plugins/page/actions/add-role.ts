import { defineAction } from '@kernel';
import { addRole, listAssigned, removeRole } from '../api';
import { businessOf, businessProblem, pageName, pairOf, taskProblem, type PageItem } from '../checks';
import { roleWords, tasksOf } from '../roles';
import { roleStates, taskList } from '../undo';

/**
 * Gives business people (by business-user id) a role on pages, through the page's business: one item
 * per page × person. The role is one of the platform's by name, or a custom task set (roles.ts maps
 * each to its tasks; a job stored before roles had names holds its task list alone, which still runs).
 * Giving it twice is harmless; settled by the page's assigned users.
 */
export default defineAction<'page.addRole', PageItem>('page.addRole', {
  run: async (item, params, ctx) => {
    await addRole(ctx.bridge, item.id, await businessOf(ctx.bridge, item, ctx), pairOf(item, params.uids), tasksOf(params), ctx);
  },
  verify: async (item, params, ctx) => (await listAssigned(ctx.bridge, item.id, await businessOf(ctx.bridge, item, ctx), ctx)).some((r) => r.id === pairOf(item, params.uids)),
  describe: (item, params) => ({ key: 'effects.addRole', values: { user: pairOf(item, params.uids), page: pageName(item), ...roleWords(tasksOf(params), params.role) } }),
  preflight: (item) => taskProblem(item, 'MANAGE') ?? businessProblem(item),
  // Undo: a person who had no role loses it again; one who had other tasks gets those back (giving a
  // role again sets the tasks).
  undo: {
    read: (items, params, ctx) => roleStates(items, (item) => pairOf(item, params.uids), ctx),
    after: (_item, params) => ({ tasks: taskList(tasksOf(params)) }),
    run: async (item, before, params, ctx) => {
      if (!before) return;
      const business = await businessOf(ctx.bridge, item, ctx);
      if (before.tasks === null) await removeRole(ctx.bridge, item.id, business, pairOf(item, params.uids), ctx);
      else await addRole(ctx.bridge, item.id, business, pairOf(item, params.uids), String(before.tasks).split(','), ctx);
    },
    describe: (item, before) => (before?.tasks === null || !before
      ? { key: 'effects.removeRole', values: { user: item.pair ?? '', page: pageName(item) } }
      : { key: 'effects.undo.roleTasks', values: { user: item.pair ?? '', page: pageName(item), ...roleWords(String(before.tasks).split(',')) } }),
  },
});
