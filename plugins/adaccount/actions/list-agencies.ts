import type { ActionContext, JobItem, PluginAction } from '@kernel';
import { listAgencies, short, type Agency } from '../api';

/** The jobs panel's line for one account: count, then `name (id) TASKS` per agency. */
export function agenciesSummary(agencies: readonly Agency[]): string {
  return [String(agencies.length), ...agencies.map((a) => `${short(a.name)} (${a.id}) ${a.permitted_tasks.join('/')}`)].join(' · ');
}

/** Reads the agencies an ad account is shared with. */
export const listAgenciesAction: PluginAction<JobItem, Record<string, never>> = {
  id: 'adaccount.listAgencies',
  titleKey: 'actions.listAgencies.title',
  target: 'adaccount',
  schema: 'adaccount.listAgencies',
  idempotent: true,
  lane: 'graph',
  run: async (item, _params, ctx: ActionContext) => agenciesSummary(await listAgencies(ctx.bridge, item.id, ctx)),
};
