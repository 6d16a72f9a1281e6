import { defineAction } from '@kernel';
import { assignedUsers } from '../api';
import { businessOf, type PixelItem } from '../checks';

/** The people assigned to each pixel (100 at most), one output row each. */
export default defineAction<'pixel.listAdmins', PixelItem>('pixel.listAdmins', {
  run: async (item, _params, ctx) => (await assignedUsers(ctx.bridge, item.id, businessOf(item), ctx))
    .map((u) => ({ id: u.id, name: u.name, backing_user_type: u.backing_user_type, tasks: u.tasks.join(', ') })),
  describe: () => ({ key: 'effects.read' }),
});
