import { defineAction, encodeParams } from '@kernel';
import { PARTNER_TASKS, removeAgency, removeAgencyEntry, shareAgency, shareAgencyParams, shareAgencyTasks, shareAgencyTasksEntry } from '../api';
import { accountProblem, label, type AccountItem } from '../checks';
import { agencyStates, taskList } from '../undo';

/**
 * Shares an ad account with an agency business (access type AGENCY): admin grants ADVERTISE, ANALYZE,
 * DRAFT, MANAGE; advertiser ADVERTISE, ANALYZE, DRAFT. Sharing again only sets the tasks: idempotent,
 * and one batch entry per account.
 */
export default defineAction<'adaccount.shareAgency', AccountItem>('adaccount.shareAgency', {
  toBatch: (item, params) => ({ method: 'POST', relative_url: `${item.id}/agencies`, body: encodeParams(shareAgencyParams(item.id, params.business, params.role)) }),
  run: async (item, params, ctx) => {
    await shareAgency(ctx.bridge, item.id, params.business, params.role, ctx);
  },
  describe: (_item, params) => ({ key: 'effects.shareAgency', values: { business: params.business, role: label(`actions.shareAgency.enum.role.${params.role}`) } }),
  preflight: (item) => accountProblem(item, 'admin'),
  // Undo: not shared before → unshared again; shared with other tasks before → those tasks again.
  undo: {
    read: (items, params, ctx) => agencyStates(items, () => params.business, ctx),
    after: (_item, params) => ({ tasks: taskList(PARTNER_TASKS[params.role]) }),
    run: async (item, before, params, ctx) => {
      if (!before) return;
      if (before.tasks === null) await removeAgency(ctx.bridge, item.id, params.business, ctx);
      else await shareAgencyTasks(ctx.bridge, item.id, params.business, String(before.tasks).split(','), ctx);
    },
    toBatch: (item, before, params) => {
      if (!before) throw new Error('the account could not be read before the write: nothing to put back');
      return before.tasks === null ? removeAgencyEntry(item.id, params.business) : shareAgencyTasksEntry(item.id, params.business, String(before.tasks).split(','));
    },
    describe: (_item, before) => (before?.tasks === null || !before
      ? { key: 'effects.undo.unshareAgency', values: {} }
      : { key: 'effects.undo.agencyTasks', values: { tasks: String(before.tasks).split(',').join(', ') } }),
  },
});
