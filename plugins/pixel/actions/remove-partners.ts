import { defineAction } from '@kernel';
import { addPartner, pixelPartners, removePartner } from '../api';
import { partnerStates, tasksOf } from '../undo';
import { adminProblem, pairOf, pixelName, type PixelItem } from '../checks';

/** Takes partner businesses' access to pixels away: one item per pixel × business; settled by the pixel's partners. */
export default defineAction<'pixel.removePartners', PixelItem>('pixel.removePartners', {
  run: async (item, params, ctx) => {
    await removePartner(ctx.bridge, item.id, pairOf(item, params.business_ids), ctx);
  },
  verify: async (item, params, ctx) => !(await pixelPartners(ctx.bridge, item.id, ctx)).some((p) => p.id === pairOf(item, params.business_ids)),
  describe: (item, params) => ({ key: 'effects.removePartners', values: { business: pairOf(item, params.business_ids), pixel: pixelName(item) } }),
  preflight: (item) => adminProblem(item),
  // Undo: the business is a partner again with the tasks read just before the removal.
  undo: {
    read: (items, params, ctx) => partnerStates(items, params.business_ids, ctx),
    after: () => ({ partner: false }),
    run: async (item, before, params, ctx) => {
      if (!before?.partner) return;
      await addPartner(ctx.bridge, item.id, pairOf(item, params.business_ids), tasksOf(before), ctx);
    },
    describe: (item, before) => ({ key: 'undo.removePartners', values: { business: String(item.pair ?? ''), pixel: pixelName(item), tasks: String(before?.tasks ?? '') } }),
  },
});
