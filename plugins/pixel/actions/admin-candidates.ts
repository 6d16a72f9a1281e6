import { defineAction } from '@kernel';
import { adminCandidates } from '../api';
import { businessOf, type PixelItem } from '../checks';

/** Who may be made an admin of each pixel: business users (100), system users and pending invitees (25 each). */
export default defineAction<'pixel.adminCandidates', PixelItem>('pixel.adminCandidates', {
  run: async (item, _params, ctx) => adminCandidates(ctx.bridge, businessOf(item), ctx),
  describe: () => ({ key: 'effects.read' }),
});
