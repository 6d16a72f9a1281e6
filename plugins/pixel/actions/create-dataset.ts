import { defineAction, fillName, positionOf } from '@kernel';
import { createDataset, pixelIdByName } from '../api';
import { businessProblem, pixelName, type BusinessItem } from '../checks';

/** The dataset's name in one business: the pattern filled in for it (src/kernel/platform/name-pattern.ts; `{name}` and `{business}` are the business's name). */
export function datasetNameOf(item: BusinessItem, pattern: string): string {
  return fillName(pattern, { name: item.name ?? '', id: item.id, business: item.name ?? '', currency: '' }, positionOf(item)).slice(0, 100).trim();
}

/**
 * Creates a dataset in each selected business (`events_manager/dataset/create`). Not idempotent (a
 * repeat makes a second one): a creation in flight is settled by looking the name up exactly.
 */
export default defineAction<'pixel.createDataset', BusinessItem>('pixel.createDataset', {
  run: async (item, params, ctx) => createDataset(ctx.bridge, item.id, datasetNameOf(item, params.name), ctx),
  verify: async (item, params, ctx) => (await pixelIdByName(ctx.bridge, item.id, datasetNameOf(item, params.name), ctx)) !== null,
  describe: (item, params) => ({ key: 'effects.createDataset', values: { name: datasetNameOf(item, params.name), business: pixelName(item) } }),
  preflight: (item, params) => businessProblem(item) ?? (datasetNameOf(item, params.name) ? null : { key: 'kernel:pattern.emptyName' }),
});
