import { defineAction } from '@kernel';
import { createProfile, DEFAULT_PROFILE_CATEGORY, pageNamed } from '../api';
import type { PageItem } from '../checks';

/** Creates additional profiles (name, and the fixed default category unless another is chosen); settled like a page create. */
export default defineAction<'page.createProfile', PageItem>('page.createProfile', {
  run: async (item, params, ctx) => createProfile(ctx.bridge, item.name ?? '', params.category ?? DEFAULT_PROFILE_CATEGORY, ctx),
  verify: (item, _params, ctx) => pageNamed(ctx.bridge, item.name ?? '', ctx),
  describe: (item, params) => ({ key: 'effects.createProfile', values: { name: item.name ?? '', category: params.category ?? DEFAULT_PROFILE_CATEGORY } }),
  preflight: (item) => (item.name?.trim() ? null : { key: 'preflight.noName', values: { id: item.id } }),
});
