import { defineAction } from '@kernel';
import { changeConnection } from '../api';
import { adminProblem, pairOf, pixelName, type PixelItem } from '../checks';
import { connectionAfter, connectionOf, connectionStates, restoreConnection } from '../undo';

/** Removes a connection from each pixel (or dataset) to each asset: one item per pixel × asset; a repeat changes nothing (idempotent). */
export default defineAction<'pixel.removeConnections', PixelItem>('pixel.removeConnections', {
  run: async (item, params, ctx) => changeConnection(ctx.bridge, false, connectionOf(item, params), ctx),
  describe: (item, params) => ({ key: 'effects.removeConnections', values: { pixel: pixelName(item), to: pairOf(item, params.to_ids), type: { t: 'assetType.' + (params.to_asset_type ?? 'ad-account') } } }),
  preflight: (item) => adminProblem(item),
  // Undo: the connection (and, for an ad account, the share the form changes with it) goes back to
  // what was read just before the write.
  undo: {
    read: (items, params, ctx) => connectionStates(items, params, ctx),
    after: (item, params) => connectionAfter(item, params, false),
    run: (item, before, params, ctx) => restoreConnection(item, before, params, false, ctx),
    describe: (item) => ({ key: 'undo.removeConnections', values: { pixel: pixelName(item), to: String(item.pair ?? '') } }),
  },
});
