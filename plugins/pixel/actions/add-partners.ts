import { defineAction } from '@kernel';
import { addPartner, DEFAULT_TASKS, removePartner } from '../api';
import { partnerStates, tasksOf, tasksState } from '../undo';
import { adminProblem, pairOf, pixelName, type PixelItem } from '../checks';

/** Shares pixels with partner businesses and their tasks: one item per pixel × business; a repeat only sets the tasks again. */
export default defineAction<'pixel.addPartners', PixelItem>('pixel.addPartners', {
  run: async (item, params, ctx) => {
    await addPartner(ctx.bridge, item.id, pairOf(item, params.business_ids), params.tasks ?? DEFAULT_TASKS, ctx);
  },
  describe: (item, params) => ({ key: 'effects.addPartners', values: { business: pairOf(item, params.business_ids), pixel: pixelName(item), tasks: (params.tasks ?? DEFAULT_TASKS).join(', ') } }),
  preflight: (item) => adminProblem(item),
  // Undo: a business the write shared the pixel with loses its access again (DELETE {pixel}/agencies);
  // one that was a partner already gets its tasks back. The pixel's partners are read once per pixel.
  undo: {
    read: (items, params, ctx) => partnerStates(items, params.business_ids, ctx),
    after: (_item, params) => ({ partner: true, tasks: tasksState(params.tasks ?? DEFAULT_TASKS) }),
    run: async (item, before, params, ctx) => {
      const business = pairOf(item, params.business_ids);
      if (before?.partner) await addPartner(ctx.bridge, item.id, business, tasksOf(before), ctx);
      else await removePartner(ctx.bridge, item.id, business, ctx);
    },
    describe: (item, before, after) => (before?.partner
      ? { key: 'undo.partnerTasks', values: { business: String(item.pair ?? ''), pixel: pixelName(item), from: String(after.tasks ?? ''), to: String(before.tasks ?? '') } }
      : { key: 'undo.addPartners', values: { business: String(item.pair ?? ''), pixel: pixelName(item) } }),
  },
});

