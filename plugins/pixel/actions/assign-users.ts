import { defineAction } from '@kernel';
import { assignUser, DEFAULT_TASKS, unassignUser } from '../api';
import { tasksOf, tasksState, userStates } from '../undo';
import { adminProblem, businessOf, pairOf, pixelName, type PixelItem } from '../checks';

/** Gives people (or system users) tasks on pixels: one item per pixel × user; setting the same tasks again changes nothing. */
export default defineAction<'pixel.assignUsers', PixelItem>('pixel.assignUsers', {
  run: async (item, params, ctx) => {
    await assignUser(ctx.bridge, item.id, businessOf(item), pairOf(item, params.user_ids), params.tasks ?? DEFAULT_TASKS, ctx);
  },
  describe: (item, params) => ({ key: 'effects.assignUsers', values: { user: pairOf(item, params.user_ids), pixel: pixelName(item), tasks: (params.tasks ?? DEFAULT_TASKS).join(', ') } }),
  preflight: (item) => adminProblem(item),
  // Undo: a person the write added is removed again; one who had other tasks gets them back. The
  // pixel's assigned users (of its business) are read once per pixel.
  undo: {
    read: (items, params, ctx) => userStates(items, params.user_ids, ctx),
    after: (_item, params) => ({ assigned: true, tasks: tasksState(params.tasks ?? DEFAULT_TASKS) }),
    run: async (item, before, params, ctx) => {
      const user = pairOf(item, params.user_ids);
      if (before?.assigned) await assignUser(ctx.bridge, item.id, businessOf(item), user, tasksOf(before), ctx);
      else await unassignUser(ctx.bridge, item.id, businessOf(item), user, ctx);
    },
    describe: (item, before, after) => (before?.assigned
      ? { key: 'undo.userTasks', values: { user: String(item.pair ?? ''), pixel: pixelName(item), from: String(after.tasks ?? ''), to: String(before.tasks ?? '') } }
      : { key: 'undo.assignUsers', values: { user: String(item.pair ?? ''), pixel: pixelName(item) } }),
  },
});

