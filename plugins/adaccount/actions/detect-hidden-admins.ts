import { defineAction } from '@kernel';
import { scanHiddenAdmins } from '../api';
import type { AccountItem } from '../checks';

/** Scans the account's roles page for users `act_X/users` does not list (hidden administrators): one output row each. */
export default defineAction<'adaccount.detectHiddenAdmins', AccountItem>('adaccount.detectHiddenAdmins', {
  run: async (item, _params, ctx) => (await scanHiddenAdmins(ctx.bridge, item.id, ctx)).hidden
    .map((u) => ({ name: u.name, id: u.id, role: u.role ?? u.roleLabel })),
  describe: () => ({ key: 'effects.detectHiddenAdmins' }),
});
