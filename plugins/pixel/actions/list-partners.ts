import { defineAction } from '@kernel';
import { pixelPartners } from '../api';
import type { PixelItem } from '../checks';

/** The businesses each pixel is shared with (100 at most) and their tasks. */
export default defineAction<'pixel.listPartners', PixelItem>('pixel.listPartners', {
  run: async (item, _params, ctx) => (await pixelPartners(ctx.bridge, item.id, ctx)).map((p) => ({ id: p.id, name: p.name, permitted_tasks: p.permitted_tasks.join(', ') })),
  describe: () => ({ key: 'effects.read' }),
});
