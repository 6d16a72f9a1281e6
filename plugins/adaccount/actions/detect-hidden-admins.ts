import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { scanHiddenAdmins, short, type HiddenAdminScan } from '../api';

/** The jobs panel's line: hidden/total on the roles page, then `name (id) role` per hidden user. */
export function hiddenSummary(scan: HiddenAdminScan): string {
  return [`${scan.hidden.length}/${scan.pageUsers.length}`, ...scan.hidden.map((u) => `${short(u.name)} (${u.id}) ${u.role ?? u.roleLabel}`)].join(' · ');
}

/** Scans the account's roles page for users `act_X/users` does not list (hidden administrators). */
export const detectHiddenAdminsAction: PluginAction<JobItem, Record<string, never>> = {
  id: 'adaccount.detectHiddenAdmins',
  titleKey: 'actions.detectHiddenAdmins.title',
  target: 'adaccount',
  schema: 'adaccount.detectHiddenAdmins',
  idempotent: true,
  lane: 'graph',
  run: async (item, _params, ctx: ActionContext) => hiddenSummary(await scanHiddenAdmins(ctx.bridge, item.id, ctx)),
};
