import { defineAction } from '@kernel';
import { assignedUsers, unassignUser } from '../api';
import { adminProblem, businessOf, pairOf, pixelName, type PixelItem } from '../checks';

/** Takes people off pixels: one item per pixel × user. A second removal is refused, so one in flight is settled by the assigned users. */
export default defineAction<'pixel.removeUsers', PixelItem>('pixel.removeUsers', {
  run: async (item, params, ctx) => {
    await unassignUser(ctx.bridge, item.id, businessOf(item), pairOf(item, params.user_ids), ctx);
  },
  verify: async (item, params, ctx) => !(await assignedUsers(ctx.bridge, item.id, businessOf(item), ctx)).some((u) => u.id === pairOf(item, params.user_ids)),
  describe: (item, params) => ({ key: 'effects.removeUsers', values: { user: pairOf(item, params.user_ids), pixel: pixelName(item) } }),
  preflight: (item) => adminProblem(item),
});
