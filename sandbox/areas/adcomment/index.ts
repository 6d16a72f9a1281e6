// The ad-post comments area: ads and their posts, comments (negative, with images, with links,
// hostile text) and the moderation writes, visible as types `post` and `comment` in /__sandbox/objects.
import type { SandboxArea } from '../../area';
import { ADCOMMENT_COUNTS, generateAdComments } from './data';
import { adType, adcommentExtensions, commentType, findPostOrComment, postType } from './graph';

export const adcommentArea: SandboxArea = {
  id: 'adcomment',
  counts: ADCOMMENT_COUNTS,
  generate: generateAdComments,
  types: { post: postType, comment: commentType, ad: adType },
  extend: adcommentExtensions,
  findNode: findPostOrComment,
  objects: {
    post: (data, id) => {
      const p = data.posts.get(id);
      if (!p) return null;
      const comments = [...data.comments.values()].filter((c) => c.post === id);
      return { type: 'post', ...p, comments, hidden: comments.filter((c) => c.is_hidden).map((c) => c.id), ads: [...data.ads.values()].filter((a) => a.post === id).map((a) => a.id) };
    },
    comment: (data, id) => {
      const c = data.comments.get(id);
      return c ? { type: 'comment', ...c } : null;
    },
  },
  summary: (data) => ({ ads: data.ads.size, posts: data.posts.size, comments: data.comments.size }),
};
