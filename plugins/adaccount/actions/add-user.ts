import { defineAction } from '@kernel';

/** Adds a user with a role to an ad account. Not idempotent: the platform refuses a second add. */
export default defineAction('adaccount.addUser', {
  run: async (item, params, ctx) => {
    await ctx.bridge.graph({ method: 'POST', path: `${item.id}/users`, params: { uid: params.uid, role: params.role } }, { signal: ctx.signal });
  },
  /** Did an add that was in flight land? The account's users say. */
  verify: async (item, params, ctx) => {
    const { body } = await ctx.bridge.graph<{ data?: { id: string }[] }>({ path: `${item.id}/users`, params: { fields: 'id,role', limit: 500 } }, { signal: ctx.signal });
    return (body.data ?? []).some((u) => String(u.id) === params.uid);
  },
});
