import { defineAction } from '@kernel';
import { removeBusinessUser, scanHiddenAdmins } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/**
 * Scans, then removes every hidden administrator it found (by business-user id). Each run removes
 * only who is still hidden, so repeating it is safe; `verify` is the same scan.
 */
export default defineAction<'bm.removeHiddenAdmins', BusinessItem>('bm.removeHiddenAdmins', {
  run: async (item, _params, ctx) => {
    const { hidden } = await scanHiddenAdmins(ctx.bridge, item.id, ctx);
    for (const [k, person] of hidden.entries()) {
      await removeBusinessUser(ctx.bridge, person.id, ctx);
      ctx.progress((k + 1) / hidden.length);
    }
    return hidden.map((p) => ({ id: p.id, name: p.name, email: p.email }));
  },
  verify: async (item, _params, ctx) => (await scanHiddenAdmins(ctx.bridge, item.id, ctx)).hidden.length === 0,
  describe: (item) => ({ key: 'effects.removeHiddenAdmins', values: { business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
