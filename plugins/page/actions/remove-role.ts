import { defineAction } from '@kernel';
import { addRole, listAssigned, removeRole } from '../api';
import { businessOf, businessProblem, pageName, pairOf, taskProblem, type PageItem } from '../checks';
import { roleWords } from '../roles';
import { roleStates } from '../undo';

/** Removes business people's roles (one item per page × person). A second removal is refused: settled by the page's assigned users. */
export default defineAction<'page.removeRole', PageItem>('page.removeRole', {
  run: async (item, params, ctx) => {
    await removeRole(ctx.bridge, item.id, await businessOf(ctx.bridge, item, ctx), pairOf(item, params.uids), ctx);
  },
  verify: async (item, params, ctx) => !(await listAssigned(ctx.bridge, item.id, await businessOf(ctx.bridge, item, ctx), ctx)).some((r) => r.id === pairOf(item, params.uids)),
  describe: (item, params) => ({ key: 'effects.removeRole', values: { user: pairOf(item, params.uids), page: pageName(item) } }),
  preflight: (item) => taskProblem(item, 'MANAGE') ?? businessProblem(item),
  // Undo: the person gets back the tasks they held just before.
  undo: {
    read: (items, params, ctx) => roleStates(items, (item) => pairOf(item, params.uids), ctx),
    after: () => ({ tasks: null }),
    run: async (item, before, params, ctx) => {
      if (before && before.tasks !== null) await addRole(ctx.bridge, item.id, await businessOf(ctx.bridge, item, ctx), pairOf(item, params.uids), String(before.tasks).split(','), ctx);
    },
    describe: (item, before) => ({ key: 'effects.undo.roleTasks', values: { user: item.pair ?? '', page: pageName(item), ...roleWords(String(before?.tasks ?? '').split(',')) } }),
  },
});
