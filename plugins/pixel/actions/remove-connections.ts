import { defineAction } from '@kernel';
import { changeConnection } from '../api';
import { adminProblem, businessOf, pairOf, pixelName, type PixelItem } from '../checks';

/** Removes a connection from each pixel (or dataset) to each asset: one item per pixel × asset; a repeat changes nothing (idempotent). */
export default defineAction<'pixel.removeConnections', PixelItem>('pixel.removeConnections', {
  run: async (item, params, ctx) => changeConnection(ctx.bridge, false, {
    business_id: businessOf(item), from_id: item.id, from_asset_type: params.from_asset_type ?? (item.type === 'DATASET' ? 'events-dataset-new' : 'pixel'),
    to_id: pairOf(item, params.to_ids), to_asset_type: params.to_asset_type ?? 'ad-account',
  }, ctx),
  describe: (item, params) => ({ key: 'effects.removeConnections', values: { pixel: pixelName(item), to: pairOf(item, params.to_ids), type: { t: 'assetType.' + (params.to_asset_type ?? 'ad-account') } } }),
  preflight: (item) => adminProblem(item),
});
