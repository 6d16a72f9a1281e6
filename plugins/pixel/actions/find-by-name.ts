import { defineAction } from '@kernel';
import { pixelIdByName } from '../api';
import type { BusinessItem } from '../checks';

/** The id of the pixel whose name is exactly the one given, in each business ('' when none is). */
export default defineAction<'pixel.findByName', BusinessItem>('pixel.findByName', {
  run: async (item, params, ctx) => ({ id: (await pixelIdByName(ctx.bridge, item.id, params.name, ctx)) ?? '' }),
  describe: () => ({ key: 'effects.read' }),
});
