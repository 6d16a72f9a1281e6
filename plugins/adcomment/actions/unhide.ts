import { defineAction } from '@kernel';
import { readComment, setHidden } from '../api';
import { commentName, commentProblem, pageOf, type CommentItem } from '../checks';
import { hiddenUndo } from '../undo';

/** Shows a hidden comment again (`POST {comment} is_hidden=false`): idempotent, verified by a read. */
export default defineAction<'adcomment.unhide', CommentItem>('adcomment.unhide', {
  run: async (item, _params, ctx) => { await setHidden(ctx.bridge, item.id, pageOf(item), false, ctx); },
  verify: async (item, _params, ctx) => (await readComment(ctx.bridge, item.id, pageOf(item), ctx))?.is_hidden === false,
  describe: (item) => ({ key: 'effects.unhide', values: { comment: commentName(item) } }),
  preflight: (item) => commentProblem(item, 'unhide'),
  // Undo: the comment's hidden state read just before goes back.
  undo: hiddenUndo(false),
});
