import { defineAction } from '@kernel';
import { adminPeople, inviteAdmin } from '../api';
import { label, pageName, pairOf, taskProblem, type PageItem } from '../checks';
import { reauthIfNeeded } from '../recheck';

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
});
