/**
 * The undo of hiding and showing comments (docs/UNDO.md): a comment's `is_hidden`, read just before
 * the write and put back after. Comments are read with their page's token, so the Graph batch (the
 * user's token) cannot read them: each comment is one read, as `verify` does (`null`: deleted since).
 */
import type { ObjectState, UndoHandlers } from '@kernel';
import { readComment, setHidden } from './api';
import { commentName, pageOf, type CommentItem } from './checks';

export function hiddenUndo(hidden: boolean): UndoHandlers<CommentItem, unknown> {
  return {
    readsParams: [],
    read: async (items, _params, ctx) => {
      const out = new Map<string, ObjectState | null>();
      for (const item of items) out.set(item.id, await readComment(ctx.bridge, item.id, pageOf(item), ctx));
      return out;
    },
    after: () => ({ is_hidden: hidden }),
    run: async (item, before, _params, ctx) => {
      if (before) await setHidden(ctx.bridge, item.id, pageOf(item), before.is_hidden === true, ctx);
    },
    describe: (item, before) => ({ key: before?.is_hidden ? 'effects.hide' : 'effects.unhide', values: { comment: commentName(item) } }),
  };
}
