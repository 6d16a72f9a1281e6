import { defineAction } from '@kernel';
import { pixelPartners, removePartner } from '../api';
import { adminProblem, pairOf, pixelName, type PixelItem } from '../checks';

/** Takes partner businesses' access to pixels away: one item per pixel × business; settled by the pixel's partners. */
export default defineAction<'pixel.removePartners', PixelItem>('pixel.removePartners', {
  run: async (item, params, ctx) => {
    await removePartner(ctx.bridge, item.id, pairOf(item, params.business_ids), ctx);
  },
  verify: async (item, params, ctx) => !(await pixelPartners(ctx.bridge, item.id, ctx)).some((p) => p.id === pairOf(item, params.business_ids)),
  describe: (item, params) => ({ key: 'effects.removePartners', values: { business: pairOf(item, params.business_ids), pixel: pixelName(item) } }),
  preflight: (item) => adminProblem(item),
});
