import { defineAction } from '@kernel';
import { deleteComment, readComment } from '../api';
import { commentName, commentProblem, pageOf, type CommentItem } from '../checks';

/**
 * Deletes a comment (`DELETE {comment}`, the page's token). Not idempotent: a second delete is
 * refused ("does not exist"), so a delete that may have landed is settled by reading the comment:
 * gone means done.
 */
export default defineAction<'adcomment.delete', CommentItem>('adcomment.delete', {
  run: async (item, _params, ctx) => { await deleteComment(ctx.bridge, item.id, pageOf(item), ctx); },
  verify: async (item, _params, ctx) => (await readComment(ctx.bridge, item.id, pageOf(item), ctx)) === null,
  describe: (item) => ({ key: 'effects.delete', values: { comment: commentName(item) } }),
  preflight: (item) => commentProblem(item, 'delete'),
});
