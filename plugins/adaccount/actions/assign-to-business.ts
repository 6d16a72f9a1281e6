import { defineAction } from '@kernel';
import { assignToBusiness, isClientAccount, PARTNER_TASKS, removeAgency, shareAgencyTasks } from '../api';
import { accountProblem, label, type AccountItem } from '../checks';
import { agencyStates, taskList } from '../undo';

/**
 * Adds the ad account to a business as a client ad account (access type AGENCY, the role's tasks).
 * The platform answers CONFIRMED (shared) or PENDING (an admin of the account must accept).
 * Whether a repeat is refused is not documented, so it is treated as not idempotent and settled by
 * looking for the account among the business's client ad accounts.
 */
export default defineAction<'adaccount.assignToBusiness', AccountItem>('adaccount.assignToBusiness', {
  run: async (item, params, ctx) => ({ status: (await assignToBusiness(ctx.bridge, params.business_id, item.id, params.role, ctx)).access_status }),
  verify: (item, params, ctx) => isClientAccount(ctx.bridge, params.business_id, item.id, ctx),
  describe: (_item, params) => ({ key: 'effects.assignToBusiness', values: { business: params.business_id, role: label(`actions.assignToBusiness.enum.role.${params.role}`) } }),
  preflight: (item) => accountProblem(item, 'admin'),
  // Undo: the business is an agency of the account once it is confirmed, so the account's agencies say
  // what changed: not shared before → unshared (`act_X/agencies`, the account admin's side); shared
  // with other tasks → those tasks again. A PENDING answer changed nothing the account shows yet: its
  // item reads as already back, and the request itself stays (the platform offers no call to withdraw it).
  undo: {
    read: (items, params, ctx) => agencyStates(items, () => params.business_id, ctx),
    after: (_item, params) => ({ tasks: taskList(PARTNER_TASKS[params.role]) }),
    run: async (item, before, params, ctx) => {
      if (!before) return;
      if (before.tasks === null) await removeAgency(ctx.bridge, item.id, params.business_id, ctx);
      else await shareAgencyTasks(ctx.bridge, item.id, params.business_id, String(before.tasks).split(','), ctx);
    },
    describe: (_item, before) => (before?.tasks === null || !before
      ? { key: 'effects.undo.unshareAgency', values: {} }
      : { key: 'effects.undo.agencyTasks', values: { tasks: String(before.tasks).split(',').join(', ') } }),
  },
});
