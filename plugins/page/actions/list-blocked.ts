import { defineAction } from '@kernel';
import { blockedPeople } from '../api';
import type { PageItem } from '../checks';

/** The people a page blocked (the blocking dialog's list). */
export default defineAction<'page.listBlocked', PageItem>('page.listBlocked', {
  run: async (item, _params, ctx) => (await blockedPeople(ctx.bridge, item.id, ctx)).map((p) => ({ id: p.id, name: p.name, setting_type: p.setting_type })),
  describe: () => ({ key: 'effects.listBlocked' }),
});
