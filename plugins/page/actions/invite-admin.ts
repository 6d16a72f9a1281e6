import { defineAction } from '@kernel';
import { adminPeople, inviteAdmin, removeAdmin } from '../api';
import { label, pageName, pairOf, taskProblem, type PageItem } from '../checks';
import { reauthIfNeeded } from '../recheck';
import { adminStates } from '../undo';

/**
 * Invites people as admins (full control or not): one item per page × person, after the platform's
 * reauth check (once per job). A second invitation is refused: settled by the page's admin list.
 */
export default defineAction<'page.inviteAdmin', PageItem>('page.inviteAdmin', {
  prepare: (params, ctx) => reauthIfNeeded(ctx.bridge, params.password, ctx.signal),
  run: async (item, params, ctx) => {
    await inviteAdmin(ctx.bridge, item.id, pairOf(item, params.uids), !!params.full_control, ctx);
  },
  verify: async (item, params, ctx) => (await adminPeople(ctx.bridge, item.id, ctx)).some((p) => p.id === pairOf(item, params.uids)),
  describe: (item, params) => ({ key: 'effects.inviteAdmin', values: { user: pairOf(item, params.uids), page: pageName(item), control: label(params.full_control ? 'control.full' : 'control.partial') } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
  // Undo: the invitation is cancelled (the person had no access before: an invitation to someone who
  // has access or an invitation is refused). An invitation already accepted is changed since: left.
  undo: {
    read: (items, params, ctx) => adminStates(items, (item) => pairOf(item, params.uids), ctx),
    after: () => ({ status: 'INVITED' }),
    run: async (item, before, params, ctx) => {
      if (before && before.status === null) await removeAdmin(ctx.bridge, item.id, pairOf(item, params.uids), ctx);
    },
    describe: (item) => ({ key: 'effects.undo.cancelInvite', values: { user: item.pair ?? '', page: pageName(item) } }),
  },
});
