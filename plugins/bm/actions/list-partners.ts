import { defineAction } from '@kernel';
import { listPartners } from '../api';
import type { BusinessItem } from '../checks';

/** Partner businesses (agencies and clients), one output row each. */
export default defineAction<'bm.listPartners', BusinessItem>('bm.listPartners', {
  run: async (item, _params, ctx) => listPartners(ctx.bridge, item.id, ctx),
  describe: () => ({ key: 'effects.read' }),
});
