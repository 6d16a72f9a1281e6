import { defineAction, fillName, positionOf } from '@kernel';
import { createAssetGroup, listAssetGroups } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** The group's name in one business: the pattern filled in for it (src/kernel/platform/name-pattern.ts; `{name}` and `{business}` are the business's name). */
export function groupNameOf(item: BusinessItem, pattern: string): string {
  return fillName(pattern, { name: item.name ?? '', id: item.id, business: item.name ?? '', currency: '' }, positionOf(item)).slice(0, 100).trim();
}

/** Creates an asset group; a second create makes a second group, so a create in flight is settled by the group list. */
export default defineAction<'bm.createAssetGroup', BusinessItem>('bm.createAssetGroup', {
  run: async (item, params, ctx) => ({ id: await createAssetGroup(ctx.bridge, item.id, groupNameOf(item, params.name), ctx) }),
  verify: async (item, params, ctx) => (await listAssetGroups(ctx.bridge, item.id, ctx)).some((g) => g.name === groupNameOf(item, params.name)),
  describe: (item, params) => ({ key: 'effects.createAssetGroup', values: { name: groupNameOf(item, params.name), business: businessName(item) } }),
  preflight: (item, params) => businessProblem(item, 'admin') ?? (groupNameOf(item, params.name) ? null : { key: 'kernel:pattern.emptyName' }),
});
