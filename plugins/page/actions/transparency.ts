import { defineAction } from '@kernel';
import { transparency } from '../api';
import type { PageItem } from '../checks';

/** The page transparency dialog: creation date, name changes, admins' countries. */
export default defineAction<'page.transparency', PageItem>('page.transparency', {
  run: async (item, _params, ctx) => {
    const t = await transparency(ctx.bridge, item.id, ctx);
    return { creation_date: t.creation_date.slice(0, 10), name_changes: t.name_changes, admin_countries: t.admin_countries.join(', ') };
  },
  describe: () => ({ key: 'effects.transparency' }),
});
