/**
 * Requests of the ad-post comments area (docs/PLATFORM.md section 13 and "Ad-post comments: values
 * decided"): the ads' posts, their comments and the moderation writes. Comments are read and
 * moderated with the page's own token (`{{page_token:<page>}}`, filled by the executor): the kernel's
 * `graphWith`.
 */
import {
  expectObject, expectRows, followNextLinks, graphWith, GraphError, readAll, runBatch, sleep as defaultSleep,
  type Bridge, type ListProgress, type Shape, type Sleep,
} from '@kernel';
import type { AdComment, AdPost } from './types';

export interface CallOptions { signal?: AbortSignal; sleep?: Sleep }

/** comments are read 100 a page, next links 300 ms apart */
export const COMMENT_PAGE = 100;
export const COMMENT_WAIT_MS = 300;
/** at most this many comments per post are read (a viral post is not moderated from here) */
export const COMMENT_MAX = 5000;

const POST_ID = /^\d{1,30}_\d{1,30}$/;
const COMMENT_ID = POST_ID;

export function postNode(id: string): string {
  if (!POST_ID.test(id)) throw new GraphError(`not a post id: ${id}`, 0);
  return id;
}
export function commentNode(id: string): string {
  if (!COMMENT_ID.test(id)) throw new GraphError(`not a comment id: ${id}`, 0);
  return id;
}
/** The page a post id names: the part before the underscore. */
export const pageOfPost = (postId: string) => postId.split('_')[0] ?? '';

// ---------------------------------------------------------------------------------------------
// the fields the area relies on in each reply (src/kernel/platform/shape.ts): a reply without them is
// "reply changed" for the call family named, never rows of empty cells. The platform leaves out what
// an object has none of (a comment without text, an ad without a post).

const ACCOUNT_SHAPE: Shape = { id: 'string', name: 'string', account_status: 'number' };
const AD_SHAPE: Shape = { id: 'string', name: 'string?', effective_status: 'string?', creative: 'object?' };
const POST_SHAPE: Shape = { id: 'string', message: 'string?', title: 'string?', created_time: 'string?', permalink_url: 'string?', from: 'object?', comments: 'object?' };
const COMMENT_SHAPE: Shape = {
  id: 'string', message: 'string?', from: 'object?', created_time: 'string?', attachment: 'object?', is_hidden: 'boolean?', can_hide: 'boolean?',
  can_remove: 'boolean?', like_count: 'number?', permalink_url: 'string?',
};

// ---------------------------------------------------------------------------------------------
// posts behind ads

interface RawAd { id: string; name?: string; effective_status?: string; creative?: { effective_object_story_id?: string; object_story_id?: string } }
interface RawPost { id: string; message?: string; title?: string; created_time?: string; permalink_url?: string; from?: { id: string; name?: string }; comments?: { summary?: { total_count?: number } } }

export const POST_FIELDS = 'id,message,title,created_time,permalink_url,from{id,name},comments.limit(0).summary(true)';

/** The session's ad accounts (me/adaccounts, 100 a page). */
export async function adAccounts(bridge: Bridge, o: CallOptions & { limit?: number } = {}): Promise<{ id: string; name: string; account_status: number }[]> {
  const rows = expectRows<{ id: string; name?: string; account_status?: number }>('adcomment.accounts',
    await readAll(bridge, 'me/adaccounts', { fields: 'id,name,account_status', limit: o.limit ?? 100 }, { max: o.limit ?? Infinity, signal: o.signal, sleep: o.sleep }), ACCOUNT_SHAPE);
  return rows.map((a) => ({ id: String(a.id), name: a.name ?? '', account_status: Number(a.account_status ?? 0) }));
}

const AD_FIELDS = 'id,name,effective_status,creative{effective_object_story_id}';
export interface AdRef { id: string; name: string; status: string; post: string }

function adRefs(page: readonly unknown[]): AdRef[] {
  return expectRows<RawAd>('adcomment.ads', page, AD_SHAPE).flatMap((ad) => {
    const post = ad.creative?.effective_object_story_id ?? ad.creative?.object_story_id;
    return post && POST_ID.test(post) ? [{ id: String(ad.id), name: ad.name ?? '', status: ad.effective_status ?? '', post }] : [];
  });
}

/**
 * The ads of many accounts with the post each one runs (`creative{effective_object_story_id}`): the
 * first page of every account through the Graph batch (50 accounts a request), further pages by their
 * next links. An account whose read fails is skipped (its ads are not listed).
 */
export async function adsOfAccounts(bridge: Bridge, accountIds: readonly string[], o: CallOptions = {}): Promise<Map<string, AdRef[]>> {
  const ids = accountIds.filter((id) => /^act_\d{1,30}$/.test(id));
  const results = await runBatch(bridge, ids.map((id) => ({ method: 'GET' as const, relative_url: `${id}/ads?fields=${encodeURIComponent(AD_FIELDS)}&limit=100` })), { signal: o.signal, sleep: o.sleep });
  const out = new Map<string, AdRef[]>();
  for (const [i, id] of ids.entries()) {
    const r = results[i];
    if (!r?.ok || !r.body || typeof r.body !== 'object') continue;
    const body = r.body as { data?: RawAd[]; paging?: { next?: string } };
    const ads = adRefs(body.data ?? []);
    if (body.paging?.next) {
      for await (const page of followNextLinks<RawAd>(bridge, body.paging.next, {}, { signal: o.signal, sleep: o.sleep })) ads.push(...adRefs(page));
    }
    out.set(id, ads);
  }
  return out;
}

/** The first ads of one account with the post each runs (one call, as a batch entry reads them): what the platform check tries. */
export async function adsOfAccount(bridge: Bridge, accountId: string, limit: number, o: CallOptions = {}): Promise<AdRef[]> {
  if (!/^act_\d{1,30}$/.test(accountId)) throw new GraphError(`not an ad account id: ${accountId}`, 0);
  const { body } = await bridge.graph<{ data?: unknown[] }>({ path: `${accountId}/ads`, params: { fields: AD_FIELDS, limit } }, { signal: o.signal });
  return adRefs(Array.isArray(body?.data) ? body.data : []);
}

/** One post's info (one call, as a batch entry reads it). */
export async function onePost(bridge: Bridge, id: string, o: CallOptions = {}): Promise<RawPost> {
  const { body } = await bridge.graph<unknown>({ path: postNode(id), params: { fields: POST_FIELDS } }, { signal: o.signal });
  return expectObject<RawPost>('adcomment.posts', body, POST_SHAPE);
}

/** Post info (id, message, title …) for many posts, through the Graph batch. */
export async function postInfo(bridge: Bridge, ids: readonly string[], o: CallOptions = {}): Promise<Map<string, RawPost>> {
  const results = await runBatch(bridge, ids.map((id) => ({ method: 'GET' as const, relative_url: `${postNode(id)}?fields=${encodeURIComponent(POST_FIELDS)}` })), { signal: o.signal, sleep: o.sleep });
  const out = new Map<string, RawPost>();
  ids.forEach((id, i) => {
    const r = results[i];
    if (r?.ok && r.body && typeof r.body === 'object') out.set(id, r.body as RawPost);
  });
  expectRows('adcomment.posts', [...out.values()], POST_SHAPE);
  return out;
}

export interface PostLoad extends CallOptions { onRows?: (rows: AdPost[]) => void; onProgress?: (p: ListProgress) => void }

/** Every post behind the session's ads: accounts, their ads (batched), then the posts' info (batched). */
export async function loadAdPosts(bridge: Bridge, o: PostLoad = {}): Promise<AdPost[]> {
  const posts = new Map<string, AdPost>();
  const accounts = await adAccounts(bridge, o);
  o.onProgress?.({ pages: 1, rows: 0, detailsDone: 0, detailsTotal: accounts.length });
  const adsBy = await adsOfAccounts(bridge, accounts.map((a) => a.id), o);
  for (const [account, ads] of adsBy) {
    for (const ad of ads) {
      let p = posts.get(ad.post);
      if (!p) {
        p = { id: ad.post, page_id: pageOfPost(ad.post), page_name: '', message: '', title: '', created_time: '', permalink_url: '', comment_count: null, ads: [] };
        posts.set(ad.post, p);
      }
      p.ads.push({ id: ad.id, name: ad.name, account, status: ad.status });
    }
  }
  o.onProgress?.({ pages: 1, rows: posts.size, detailsDone: accounts.length, detailsTotal: accounts.length });
  o.onRows?.([...posts.values()]);
  const info = await postInfo(bridge, [...posts.keys()], o);
  for (const p of posts.values()) {
    const r = info.get(p.id);
    if (!r) continue;
    Object.assign(p, {
      message: r.message ?? '', title: r.title ?? '', created_time: r.created_time ?? '', permalink_url: r.permalink_url ?? '',
      page_name: r.from?.name ?? '', comment_count: r.comments?.summary?.total_count ?? null,
    });
  }
  const rows = [...posts.values()].map((p) => ({ ...p }));
  o.onRows?.(rows);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// comments

interface RawComment {
  id: string; message?: string; from?: { id: string; name?: string }; created_time?: string;
  attachment?: { type?: string; url?: string; media?: { image?: { src?: string } }; target?: { url?: string } };
  is_hidden?: boolean; can_hide?: boolean; can_remove?: boolean; like_count?: number; permalink_url?: string;
}
export const COMMENT_FIELDS = 'id,message,from{id,name},created_time,attachment,is_hidden,can_hide,can_remove,like_count,permalink_url';

export function toComment(r: RawComment, postId: string): AdComment {
  const a = r.attachment;
  const image = a?.media?.image?.src ?? null;
  return {
    id: String(r.id), post_id: postId, page_id: pageOfPost(postId), message: r.message ?? '',
    from_id: r.from?.id ?? '', from_name: r.from?.name ?? '', created_time: r.created_time ?? '',
    image, link: !image && a ? (a.url ?? a.target?.url ?? null) : null,
    is_hidden: !!r.is_hidden, can_hide: r.can_hide !== false, can_remove: r.can_remove !== false,
    like_count: Number(r.like_count ?? 0), permalink_url: r.permalink_url ?? '',
  };
}

/** A post's top-level comments, newest first, 100 a page (next links followed), with the page's token. */
export async function readComments(bridge: Bridge, postId: string, o: CallOptions & { onPage?: (rows: AdComment[]) => void; limit?: number } = {}): Promise<AdComment[]> {
  const sleep = o.sleep ?? defaultSleep;
  const page = pageOfPost(postNode(postId));
  const out: AdComment[] = [];
  let next: string | null = `${postId}/comments`;
  let first = true;
  while (next && out.length < COMMENT_MAX) {
    if (!first) await sleep(COMMENT_WAIT_MS, o.signal);
    const body: { data?: RawComment[]; paging?: { next?: string } } = await graphWith(bridge, {
      path: next, params: first ? { fields: COMMENT_FIELDS, filter: 'toplevel', order: 'reverse_chronological', summary: true, limit: o.limit ?? COMMENT_PAGE } : {}, token: { page },
    }, o);
    first = false;
    const rows = expectRows<RawComment>('adcomment.comments', body?.data ?? [], COMMENT_SHAPE).map((c) => toComment(c, postId));
    out.push(...rows);
    o.onPage?.(rows);
    // `limit`: one page of that many (the platform check's small read)
    next = o.limit ? null : body?.paging?.next ?? null;
  }
  return out;
}

/** One comment's moderation state; null when it no longer exists (deleted). */
export async function readComment(bridge: Bridge, commentId: string, page: string, o: CallOptions = {}): Promise<{ is_hidden: boolean } | null> {
  try {
    const reply = await graphWith<unknown>(bridge, { path: commentNode(commentId), params: { fields: 'id,is_hidden' }, token: { page } }, o);
    const body = expectObject<{ id?: string; is_hidden?: boolean }>('adcomment.comment', reply, { id: 'string', is_hidden: 'boolean' });
    return { is_hidden: !!body?.is_hidden };
  } catch (e) {
    // code 100 "does not exist": the comment is gone
    if (e instanceof GraphError && e.code === 100) return null;
    throw e;
  }
}

/** `POST {comment} is_hidden=true|false` with the page's token. */
export async function setHidden(bridge: Bridge, commentId: string, page: string, hidden: boolean, o: CallOptions = {}): Promise<void> {
  await graphWith(bridge, { method: 'POST', path: commentNode(commentId), params: { is_hidden: hidden }, token: { page } }, o);
}

/** `DELETE {comment}` with the page's token. */
export async function deleteComment(bridge: Bridge, commentId: string, page: string, o: CallOptions = {}): Promise<void> {
  await graphWith(bridge, { method: 'DELETE', path: commentNode(commentId), token: { page } }, o);
}
