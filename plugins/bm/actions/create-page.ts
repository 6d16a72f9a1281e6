import { defineAction } from '@kernel';
import { createPage, ownedPageNames } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Creates a page owned by the business. A second create makes a second page: a create in flight is settled by the owned pages. */
export default defineAction<'bm.createPage', BusinessItem>('bm.createPage', {
  run: async (item, params, ctx) => createPage(ctx.bridge, item.id, params.name, params.category, ctx),
  verify: async (item, params, ctx) => (await ownedPageNames(ctx.bridge, item.id, ctx)).includes(params.name),
  describe: (item, params) => ({ key: 'effects.createPage', values: { name: params.name, business: businessName(item) } }),
  preflight: (item) => businessProblem(item, 'usable'),
});
