import { defineAction } from '@kernel';
import { listConnections } from '../api';
import type { BusinessItem } from '../checks';

/** The business's asset connections (pixel or dataset → ad account, user or brand). */
export default defineAction<'bm.listConnections', BusinessItem>('bm.listConnections', {
  run: async (item, _params, ctx) => listConnections(ctx.bridge, item.id, ctx),
  describe: () => ({ key: 'effects.read' }),
});
