import { defineAction } from '@kernel';
import { permissibleAccounts } from '../api';
import { businessOf, type PixelItem } from '../checks';

/** The ad accounts each pixel's business can share it to: owned and client accounts, 100 each. */
export default defineAction<'pixel.permissibleAccounts', PixelItem>('pixel.permissibleAccounts', {
  run: async (item, _params, ctx) => permissibleAccounts(ctx.bridge, businessOf(item), ctx),
  describe: () => ({ key: 'effects.read' }),
});
