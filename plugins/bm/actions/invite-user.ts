import { defineAction } from '@kernel';
import { DEFAULT_ROLE, hasInviteOrMember, inviteUser } from '../api';
import { businessName, businessProblem, label, pairOf, type BusinessItem } from '../checks';

/**
 * Invites an e-mail address with a role: one job item per business × address (`emails` is the pair
 * parameter). Not idempotent: the platform refuses a second invitation, so an invitation in flight is
 * settled by looking for the address among the pending invitations and the members.
 */
export default defineAction<'bm.inviteUser', BusinessItem>('bm.inviteUser', {
  run: async (item, params, ctx) => ({ invitation: await inviteUser(ctx.bridge, item.id, pairOf(item, params.emails), params.role ?? DEFAULT_ROLE, ctx) }),
  verify: (item, params, ctx) => hasInviteOrMember(ctx.bridge, item.id, pairOf(item, params.emails), ctx),
  describe: (item, params) => ({ key: 'effects.inviteUser', values: { email: pairOf(item, params.emails), role: label(`roles.${params.role ?? DEFAULT_ROLE}`), business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'usable'),
});
