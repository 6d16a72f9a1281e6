import { defineAction } from '@kernel';
import { createDataset, pixelIdByName } from '../api';
import { businessProblem, pixelName, type BusinessItem } from '../checks';

/**
 * Creates a dataset in each selected business (`events_manager/dataset/create`). Not idempotent (a
 * repeat makes a second one): a creation in flight is settled by looking the name up exactly.
 */
export default defineAction<'pixel.createDataset', BusinessItem>('pixel.createDataset', {
  run: async (item, params, ctx) => createDataset(ctx.bridge, item.id, params.name, ctx),
  verify: async (item, params, ctx) => (await pixelIdByName(ctx.bridge, item.id, params.name, ctx)) !== null,
  describe: (item, params) => ({ key: 'effects.createDataset', values: { name: params.name, business: pixelName(item) } }),
  preflight: (item) => businessProblem(item),
});
