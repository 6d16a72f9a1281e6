import { defineAction } from '@kernel';
import { cancelInvitation, DEFAULT_ROLE, hasInviteOrMember, inviteUser, listPending, listUsers } from '../api';
import { groupedStates } from '../undo';
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
  // Undo: the invitation is cancelled (DELETE {invitation}), found among the business's pending
  // invitations by its address; those and the members are read once per business. An invitation
  // already accepted made a member: the undo then finds it changed and leaves it (removing a person
  // is bm.removeUser's, and cannot be undone).
  undo: {
    read: (items, params, ctx) => groupedStates(items, (item) => item.id,
      async (item) => ({
        pending: new Map((await listPending(ctx.bridge, item.id, ctx)).map((p) => [p.email.toLowerCase(), p])),
        members: new Set((await listUsers(ctx.bridge, item.id, ctx)).map((u) => u.email.toLowerCase())),
      }),
      (item, { pending, members }) => {
        const email = pairOf(item, params.emails).trim().toLowerCase();
        const invite = pending.get(email);
        return { invited: !!invite, role: invite?.role ?? null, member: members.has(email) };
      }),
    after: (_item, params) => ({ invited: true, role: params.role ?? DEFAULT_ROLE, member: false }),
    run: async (item, before, params, ctx) => {
      if (before?.invited) return;
      const email = pairOf(item, params.emails).trim().toLowerCase();
      const invite = (await listPending(ctx.bridge, item.id, ctx)).find((p) => p.email.toLowerCase() === email);
      if (invite) await cancelInvitation(ctx.bridge, invite.id, ctx);
    },
    describe: (item, _before, after) => ({ key: 'undo.inviteUser', values: { email: String(item.pair ?? ''), role: label(`roles.${after.role ?? DEFAULT_ROLE}`), business: businessName(item) } }),
  },
});
