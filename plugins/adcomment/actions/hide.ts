import { defineAction } from '@kernel';
import { readComment, setHidden } from '../api';
import { commentName, commentProblem, pageOf, type CommentItem } from '../checks';
import { hiddenUndo } from '../undo';

/**
 * Hides a comment (`POST {comment} is_hidden=true`, the page's token): idempotent, a second hide
 * changes nothing; `verify` reads the comment back. A hidden comment stays visible to its author.
 */
export default defineAction<'adcomment.hide', CommentItem>('adcomment.hide', {
  run: async (item, _params, ctx) => { await setHidden(ctx.bridge, item.id, pageOf(item), true, ctx); },
  verify: async (item, _params, ctx) => (await readComment(ctx.bridge, item.id, pageOf(item), ctx))?.is_hidden === true,
  describe: (item) => ({ key: 'effects.hide', values: { comment: commentName(item) } }),
  preflight: (item) => commentProblem(item, 'hide'),
  // Undo: the comment's hidden state read just before goes back.
  undo: hiddenUndo(true),
});
