import { defineAction } from '@kernel';
import { removeUser, scanHiddenAdmins } from '../api';
import { accountProblem, type AccountItem } from '../checks';

/**
 * Scans the roles page, then removes every user it shows that `act_X/users` does not list. Every run
 * scans first and removes only who is still hidden, so repeating it is safe (idempotent); `verify`
 * is the same scan, for a manual check. Each removed user is one output row.
 */
export default defineAction<'adaccount.removeHiddenAdmins', AccountItem>('adaccount.removeHiddenAdmins', {
  run: async (item, _params, ctx) => {
    const { hidden } = await scanHiddenAdmins(ctx.bridge, item.id, ctx);
    for (const [k, user] of hidden.entries()) {
      await removeUser(ctx.bridge, item.id, user.id, ctx);
      ctx.progress((k + 1) / hidden.length);
    }
    return hidden.map((u) => ({ name: u.name, id: u.id }));
  },
  verify: async (item, _params, ctx) => (await scanHiddenAdmins(ctx.bridge, item.id, ctx)).hidden.length === 0,
  describe: () => ({ key: 'effects.removeHiddenAdmins' }),
  preflight: (item) => accountProblem(item, 'admin'),
});
