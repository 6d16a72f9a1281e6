import { defineAction } from '@kernel';
import { block, DEFAULT_BLOCK_ACTION, DEFAULT_BLOCK_SETTING } from '../api';
import { label, pageName, taskProblem, type PageItem } from '../checks';
import { blockStates } from '../undo';

/** Blocks or unblocks people on pages (default UNBLOCK, as a page or as the user); one call per page with the whole list. */
export default defineAction<'page.block', PageItem>('page.block', {
  run: async (item, params, ctx) => ({ blocked: await block(ctx.bridge, item.id, params.uids, params.action ?? DEFAULT_BLOCK_ACTION, params.setting_type ?? DEFAULT_BLOCK_SETTING, ctx) }),
  describe: (item, params) => ({ key: `effects.block.${params.action ?? DEFAULT_BLOCK_ACTION}`, values: { page: pageName(item), count: params.uids.length, as: label(`blockAs.${params.setting_type ?? DEFAULT_BLOCK_SETTING}`) } }),
  preflight: (item) => taskProblem(item, 'MODERATE'),
  // Undo of a BLOCK: everyone it blocked (those not blocked before) is unblocked; those blocked before
  // stay as they were. An UNBLOCK cannot be undone exactly: blocking again starts a new block with a
  // new date, so an UNBLOCK job offers no undo (and its run refuses, should one be started anyway).
  undo: {
    offered: (params) => (params.action ?? DEFAULT_BLOCK_ACTION) === 'BLOCK',
    read: (items, params, ctx) => blockStates(items, params.uids, ctx),
    after: (_item, params, before) => Object.fromEntries(params.uids.map((id) => [id,
      (params.action ?? DEFAULT_BLOCK_ACTION) === 'BLOCK' ? before?.[id] ?? (params.setting_type ?? DEFAULT_BLOCK_SETTING) : null])),
    run: async (item, before, params, ctx) => {
      if ((params.action ?? DEFAULT_BLOCK_ACTION) !== 'BLOCK') throw new Error('an unblock cannot be undone exactly: blocking again would start a new block, with a new date');
      const blocked = params.uids.filter((id) => (before?.[id] ?? null) === null);
      if (blocked.length) await block(ctx.bridge, item.id, blocked, 'UNBLOCK', params.setting_type ?? DEFAULT_BLOCK_SETTING, ctx);
    },
    describe: (item, before) => ({ key: 'effects.block.UNBLOCK', values: { page: pageName(item), count: Object.values(before ?? {}).filter((v) => v === null).length, as: label(`blockAs.${DEFAULT_BLOCK_SETTING}`) } }),
  },
});
