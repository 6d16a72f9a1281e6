// The undo contract of the ad-post comments area (tests/sandbox/undo-contract.ts): hiding and showing
// a comment, then undoing it, leaves the comment and its post exactly as they were. Deleting a comment
// is irreversible (plugin.json) and has no inverse.
import { sandboxArea, type Area } from '../../../tests/sandbox/area-harness';
import { undoContract } from '../../../tests/sandbox/undo-contract';

const area = sandboxArea('adcomment');

/** The first comment of the first fixture post, as the comment list gives it (checks.ts `toItem`). */
function firstComment(a: Area) {
  const data = a.sb.state.data;
  const post = data.fixtures.adcomment.posts[0]!;
  const c = [...data.comments.values()].find((x) => x.post === post)!;
  const item = { id: c.id, page_id: post.split('_')[0]!, post_id: post, message: c.message.slice(0, 120), from_name: '', is_hidden: c.is_hidden, can_hide: true, can_remove: true };
  return { item, post };
}

undoContract(area, {
  'adcomment.hide': (a) => {
    const { item, post } = firstComment(a);
    return { item, objects: [['comment', item.id], ['post', post]] };
  },
  // a comment hidden first (here), then shown: hidden again
  'adcomment.unhide': async (a) => {
    const { item, post } = firstComment(a);
    await a.run('adcomment.hide', item);
    return { item: { ...item, is_hidden: true }, objects: [['comment', item.id], ['post', post]] };
  },
});
