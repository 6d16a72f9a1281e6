import { defineAction } from '@kernel';
import { addPartner, DEFAULT_TASKS } from '../api';
import { adminProblem, pairOf, pixelName, type PixelItem } from '../checks';

/** Shares pixels with partner businesses and their tasks: one item per pixel × business; a repeat only sets the tasks again. */
export default defineAction<'pixel.addPartners', PixelItem>('pixel.addPartners', {
  run: async (item, params, ctx) => {
    await addPartner(ctx.bridge, item.id, pairOf(item, params.business_ids), params.tasks ?? DEFAULT_TASKS, ctx);
  },
  describe: (item, params) => ({ key: 'effects.addPartners', values: { business: pairOf(item, params.business_ids), pixel: pixelName(item), tasks: (params.tasks ?? DEFAULT_TASKS).join(', ') } }),
  preflight: (item) => adminProblem(item),
});
