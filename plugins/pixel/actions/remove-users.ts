import { defineAction } from '@kernel';
import { assignedUsers, assignUser, unassignUser } from '../api';
import { tasksOf, userStates } from '../undo';
import { adminProblem, businessOf, pairOf, pixelName, type PixelItem } from '../checks';

/** Takes people off pixels: one item per pixel × user. A second removal is refused, so one in flight is settled by the assigned users. */
export default defineAction<'pixel.removeUsers', PixelItem>('pixel.removeUsers', {
  run: async (item, params, ctx) => {
    await unassignUser(ctx.bridge, item.id, businessOf(item), pairOf(item, params.user_ids), ctx);
  },
  verify: async (item, params, ctx) => !(await assignedUsers(ctx.bridge, item.id, businessOf(item), ctx)).some((u) => u.id === pairOf(item, params.user_ids)),
  describe: (item, params) => ({ key: 'effects.removeUsers', values: { user: pairOf(item, params.user_ids), pixel: pixelName(item) } }),
  preflight: (item) => adminProblem(item),
  // Undo: the person is assigned again with the tasks read just before the removal.
  undo: {
    read: (items, params, ctx) => userStates(items, params.user_ids, ctx),
    after: () => ({ assigned: false }),
    run: async (item, before, params, ctx) => {
      if (!before?.assigned) return;
      await assignUser(ctx.bridge, item.id, businessOf(item), pairOf(item, params.user_ids), tasksOf(before), ctx);
    },
    describe: (item, before) => ({ key: 'undo.removeUsers', values: { user: String(item.pair ?? ''), pixel: pixelName(item), tasks: String(before?.tasks ?? '') } }),
  },
});
