import { defineAction } from '@kernel';
import { block, DEFAULT_BLOCK_ACTION, DEFAULT_BLOCK_SETTING } from '../api';
import { label, pageName, taskProblem, type PageItem } from '../checks';

/** Blocks or unblocks people on pages (default UNBLOCK, as a page or as the user); one call per page with the whole list. */
export default defineAction<'page.block', PageItem>('page.block', {
  run: async (item, params, ctx) => ({ blocked: await block(ctx.bridge, item.id, params.uids, params.action ?? DEFAULT_BLOCK_ACTION, params.setting_type ?? DEFAULT_BLOCK_SETTING, ctx) }),
  describe: (item, params) => ({ key: `effects.block.${params.action ?? DEFAULT_BLOCK_ACTION}`, values: { page: pageName(item), count: params.uids.length, as: label(`blockAs.${params.setting_type ?? DEFAULT_BLOCK_SETTING}`) } }),
  preflight: (item) => taskProblem(item, 'MODERATE'),
});
