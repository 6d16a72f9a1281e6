import { defineAction } from '@kernel';
import { assignUser, DEFAULT_TASKS } from '../api';
import { adminProblem, businessOf, pairOf, pixelName, type PixelItem } from '../checks';

/** Gives people (or system users) tasks on pixels: one item per pixel × user; setting the same tasks again changes nothing. */
export default defineAction<'pixel.assignUsers', PixelItem>('pixel.assignUsers', {
  run: async (item, params, ctx) => {
    await assignUser(ctx.bridge, item.id, businessOf(item), pairOf(item, params.user_ids), params.tasks ?? DEFAULT_TASKS, ctx);
  },
  describe: (item, params) => ({ key: 'effects.assignUsers', values: { user: pairOf(item, params.user_ids), pixel: pixelName(item), tasks: (params.tasks ?? DEFAULT_TASKS).join(', ') } }),
  preflight: (item) => adminProblem(item),
});
