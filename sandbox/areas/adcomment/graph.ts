// Ads and their posts (`act_X/ads?fields=creative{effective_object_story_id}`), a post's comments,
// and the moderation writes: `POST {comment} is_hidden=true|false`, `DELETE {comment}`, both with
// the page's token (docs/PLATFORM.md section 13).
import { errors } from '../../errors';
import { TYPES, isoTime, ref, SUCCESS, type Ctx, type EdgeDef, type Params, type Ref, type TypeDef } from '../../graph/core';
import { canSeeAccount } from '../../graph/access';
import type { AdAccount } from '../adaccount/data';
import type { Ad, Comment, Post } from './data';

const pageOf = (ctx: Ctx, post: Post) => ctx.data.pages.get(post.page);

/** the page's own token, as `me/accounts` and `{page}?fields=access_token` give it (page area) */
function pageToken(ctx: Ctx, post: Post): string | undefined {
  const pg = pageOf(ctx, post);
  const read = TYPES.page?.fields.access_token;
  return pg && read ? (read(pg, ctx, { name: 'access_token', key: 'access_token', mods: {}, sub: null, subSrc: null }) as string | undefined) : undefined;
}

/** comment moderation needs the page's token; a user token is refused (code 200) */
function requirePageToken(ctx: Ctx, post: Post): void {
  const token = pageToken(ctx, post);
  if (!token || ctx.queryToken !== token) {
    throw errors.permission('This action requires a Page access token with the MODERATE task', 'Only the Page can hide or delete comments on its posts.');
  }
}

const postOfComment = (ctx: Ctx, c: Comment) => ctx.data.posts.get(c.post)!;

export const commentType: TypeDef<Comment> = {
  label: 'Comment',
  defaults: ['id', 'message', 'created_time', 'from'],
  id: (c) => c.id,
  fields: {
    id: (c) => c.id,
    message: (c) => c.message,
    created_time: (c) => isoTime(c.created_time),
    from: (c, ctx) => {
      const u = ctx.data.users.get(c.from);
      return u ? { id: u.id, name: u.name } : undefined;
    },
    attachment: (c) => (c.image
      ? { type: 'photo', media: { image: c.image }, url: c.image.src, target: { id: c.id, url: c.image.src } }
      : c.link ? { type: 'share', url: c.link, title: c.link.replace(/^https:\/\//, ''), target: { url: c.link } } : undefined),
    message_tags: () => [],
    is_hidden: (c) => c.is_hidden,
    can_hide: () => true,
    can_remove: () => true,
    like_count: (c) => c.like_count,
    comment_count: () => 0,
    permalink_url: (c, ctx) => `https://www.facebook.com/${postOfComment(ctx, c).id.replace('_', '/posts/')}?comment_id=${c.id.split('_')[1]}`,
  },
  edges: { comments: { list: () => [] } },
  update: (c, p, ctx) => {
    requirePageToken(ctx, postOfComment(ctx, c));
    if (p.is_hidden === undefined) throw errors.invalidParam('You must specify a parameter to update: message, is_hidden, attachment_id');
    if (p.is_hidden !== 'true' && p.is_hidden !== 'false') throw errors.invalidParam('Param is_hidden must be a boolean');
    c.is_hidden = p.is_hidden === 'true';
    return { ...SUCCESS, object: c.id };
  },
  remove: (c, _p, ctx) => {
    requirePageToken(ctx, postOfComment(ctx, c));
    ctx.data.comments.delete(c.id);
    return { ...SUCCESS, object: c.id };
  },
};

function commentsOf(ctx: Ctx, post: Post, p: Params): Ref[] {
  const rows = [...ctx.data.comments.values()].filter((c) => c.post === post.id);
  rows.sort((a, b) => a.created_time - b.created_time || a.id.localeCompare(b.id));
  if (p.order === 'reverse_chronological') rows.reverse();
  else if (p.order !== undefined && p.order !== 'chronological' && p.order !== 'ranked') throw errors.invalidParam('Param order must be one of {chronological, reverse_chronological, ranked}');
  if (p.filter !== undefined && p.filter !== 'toplevel' && p.filter !== 'stream') throw errors.invalidParam('Param filter must be one of {toplevel, stream}');
  return rows.map((c) => ref('comment', c));
}

export const postType: TypeDef<Post> = {
  label: 'Post',
  defaults: ['id', 'message', 'created_time'],
  id: (p) => p.id,
  fields: {
    id: (p) => p.id,
    message: (p) => p.message,
    title: (p) => p.title ?? undefined,
    created_time: (p) => isoTime(p.created_time),
    permalink_url: (p) => `https://www.facebook.com/${p.id.replace('_', '/posts/')}`,
    from: (p, ctx) => {
      const pg = pageOf(ctx, p);
      return pg ? { id: pg.id, name: pg.name } : undefined;
    },
  },
  edges: {
    comments: { maxLimit: 100, list: (post, ctx, p) => commentsOf(ctx, post, p) },
  },
};

export const adType: TypeDef<Ad> = {
  label: 'Ad',
  defaults: ['id'],
  id: (a) => a.id,
  fields: {
    id: (a) => a.id,
    name: (a) => a.name,
    account_id: (a) => a.account.replace(/^act_/, ''),
    effective_status: (a) => a.status,
    status: (a) => a.status,
    creative: (a) => ({ id: String(Number(a.id) + 1_000_000), effective_object_story_id: a.post, object_story_id: a.post }),
  },
  edges: {},
};

/** `{page}_{post}` is a post, `{post}_{comment}` a comment, a bare number an ad of this area */
export function findPostOrComment(ctx: Ctx, id: string): Ref | null {
  if (/^\d+_\d+$/.test(id)) {
    const post = ctx.data.posts.get(id);
    if (post) return ref('post', post);
    const c = ctx.data.comments.get(id);
    return c ? ref('comment', c) : null;
  }
  const ad = /^\d+$/.test(id) ? ctx.data.ads.get(id) : undefined;
  if (ad) {
    const a = ctx.data.accounts.get(ad.account);
    return a && canSeeAccount(ctx, a) ? ref('ad', ad) : null;
  }
  return null;
}

const accountEdges: Record<string, EdgeDef<AdAccount>> = {
  ads: {
    list: (a, ctx, p) => {
      const rows = [...ctx.data.ads.values()].filter((ad) => ad.account === a.id);
      const wanted = p.effective_status ? JSON.parse(p.effective_status) as string[] : null;
      return rows.filter((ad) => !wanted || wanted.includes(ad.status)).map((ad) => ref('ad', ad));
    },
  },
};

export const adcommentExtensions = { adaccount: { edges: accountEdges } };
