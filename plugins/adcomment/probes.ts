/**
 * The ad-post comments area's call families for the platform check (src/kernel/plugin/call-families.ts):
 * each kind of call the lists and the moderation actions make. Reads are tried through this area's own
 * api.ts functions (which check the fields the area relies on), one object each with small limits: a
 * post from the cached post list, else the first post behind the first ad account's ads. Hiding and
 * deleting are writes: never sent by the check.
 */
import { defineProbes, type ProbeContext } from '@kernel';
import { adAccounts, adsOfAccount, onePost, pageOfPost, readComment, readComments } from './api';
import { POSTS_KEY } from './cache';

const o = (ctx: ProbeContext) => ({ signal: ctx.signal });

async function anAccount(ctx: ProbeContext): Promise<string | null> {
  return (await adAccounts(ctx.bridge, { ...o(ctx), limit: 1 }))[0]?.id ?? null;
}

/** A post behind an ad: cached, else the first of the first account's ads (two calls); null when none. */
async function aPost(ctx: ProbeContext): Promise<string | null> {
  const cached = ctx.cachedRows<{ id?: unknown }>(POSTS_KEY)?.find((r) => typeof r?.id === 'string');
  if (cached) return cached.id as string;
  const account = await anAccount(ctx);
  return account ? (await adsOfAccount(ctx.bridge, account, 5, o(ctx)))[0]?.post ?? null : null;
}

export default defineProbes([
  {
    id: 'accounts', kind: 'read', titleKey: 'calls.accounts', list: true,
    probe: async (ctx) => { await adAccounts(ctx.bridge, { ...o(ctx), limit: 5 }); },
  },
  {
    id: 'ads', kind: 'read', titleKey: 'calls.ads', list: true,
    probe: async (ctx) => {
      const account = await anAccount(ctx);
      if (!account) return 'noObject';
      await adsOfAccount(ctx.bridge, account, 5, o(ctx));
    },
  },
  {
    id: 'posts', kind: 'read', titleKey: 'calls.posts', list: true,
    probe: async (ctx) => {
      const post = await aPost(ctx);
      if (!post) return 'noObject';
      await onePost(ctx.bridge, post, o(ctx));
    },
  },
  {
    id: 'comments', kind: 'read', titleKey: 'calls.comments', list: true,
    probe: async (ctx) => {
      const post = await aPost(ctx);
      if (!post) return 'noObject';
      await readComments(ctx.bridge, post, { ...o(ctx), limit: 1 });
    },
  },
  {
    // a comment's moderation state, read before and after hiding or deleting it
    id: 'comment', kind: 'read', titleKey: 'calls.comment', actions: ['hide', 'unhide', 'delete'],
    probe: async (ctx) => {
      const post = await aPost(ctx);
      const [comment] = post ? await readComments(ctx.bridge, post, { ...o(ctx), limit: 1 }) : [];
      if (!post || !comment) return 'noObject';
      await readComment(ctx.bridge, comment.id, pageOfPost(post), o(ctx));
    },
  },
  { id: 'hide', kind: 'write', titleKey: 'calls.hide', actions: ['hide', 'unhide'] },
  { id: 'delete', kind: 'write', titleKey: 'calls.delete', actions: ['delete'] },
]);
