import { defineAction } from '@kernel';
import { sharedAccounts } from '../api';
import { adminProblem, businessOf, CannotShareError, pixelName, type PixelItem } from '../checks';

/** The ad accounts each pixel is shared with, through its business; shown to admins only (docs/SPEC.md section 12). */
export default defineAction<'pixel.sharedAccounts', PixelItem>('pixel.sharedAccounts', {
  run: async (item, _params, ctx) => {
    if (adminProblem(item)) throw new CannotShareError(`${pixelName(item)}: shared accounts are shown to admins only`);
    return sharedAccounts(ctx.bridge, item.id, businessOf(item), ctx);
  },
  describe: () => ({ key: 'effects.read' }),
  preflight: (item) => adminProblem(item),
});
