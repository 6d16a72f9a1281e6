import { defineAction } from '@kernel';
import { searchAssets } from '../api';
import type { BusinessItem } from '../checks';

/** Pixels and datasets of each business whose name or id contains the text: the first page of 20. */
export default defineAction<'pixel.searchAssets', BusinessItem>('pixel.searchAssets', {
  run: async (item, params, ctx) => searchAssets(ctx.bridge, item.id, params.query, ctx),
  describe: () => ({ key: 'effects.read' }),
});
