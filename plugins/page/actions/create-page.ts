import { defineAction } from '@kernel';
import { createPage, pageNamed } from '../api';
import type { PageItem } from '../checks';

/**
 * Creates pages: each job item is one new page, its `name` the page's name (the create dialog makes
 * the items). A second create makes a second page, so a create in flight is settled by the page list.
 */
export default defineAction<'page.createPage', PageItem>('page.createPage', {
  run: async (item, params, ctx) => createPage(ctx.bridge, item.name ?? '', params.category, ctx),
  verify: (item, _params, ctx) => pageNamed(ctx.bridge, item.name ?? '', ctx),
  describe: (item, params) => ({ key: 'effects.createPage', values: { name: item.name ?? '', category: params.category } }),
  preflight: (item) => (item.name?.trim() ? null : { key: 'preflight.noName', values: { id: item.id } }),
});
