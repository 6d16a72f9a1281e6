import { defineAction } from '@kernel';
import { changeConnections } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';
import { connectionUndo } from '../connections-undo';

/** Disconnects one pixel or dataset from many assets; a connection already gone answers NOT_CONNECTED (idempotent). */
export default defineAction<'bm.removeConnections', BusinessItem>('bm.removeConnections', {
  run: async (item, params, ctx) => changeConnections(ctx.bridge, item.id, false, params.to_ids.map((to) => ({ from_id: params.from_id, from_asset_type: params.from_asset_type, to_id: to, to_asset_type: params.to_asset_type })), ctx),
  describe: (item, params) => ({ key: 'effects.removeConnections', values: { from: params.from_id, count: params.to_ids.length, business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
  // Undo: each target's connection (and an ad account's share) goes back to what was read before the write.
  undo: connectionUndo(false),
});
