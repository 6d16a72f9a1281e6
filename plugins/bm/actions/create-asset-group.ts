import { defineAction } from '@kernel';
import { createAssetGroup, listAssetGroups } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Creates an asset group; a second create makes a second group, so a create in flight is settled by the group list. */
export default defineAction<'bm.createAssetGroup', BusinessItem>('bm.createAssetGroup', {
  run: async (item, params, ctx) => ({ id: await createAssetGroup(ctx.bridge, item.id, params.name, ctx) }),
  verify: async (item, params, ctx) => (await listAssetGroups(ctx.bridge, item.id, ctx)).some((g) => g.name === params.name),
  describe: (item, params) => ({ key: 'effects.createAssetGroup', values: { name: params.name, business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
