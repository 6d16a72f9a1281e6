// The ad-post comments area against the sandbox over HTTP through the demo transport: the posts
// behind ads, a post's comments with the page's token, hide / show / delete as the runner calls them
// (with verify), and the platform's refusal of a user token; /__sandbox/objects shows the writes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../tests/sandbox/harness';
import { noWait as noSleep, sandboxArea } from '../../../tests/sandbox/area-harness';
import type { Bridge } from '../../../src/kernel/bridge/bridge';
import type { AdComment, AdPost } from '../types';

interface Api {
  loadAdPosts(bridge: Bridge, o?: { sleep?: (ms: number) => Promise<void> }): Promise<AdPost[]>;
  readComments(bridge: Bridge, postId: string, o?: { sleep?: (ms: number) => Promise<void> }): Promise<AdComment[]>;
}
interface Checks { toItem(c: AdComment): Record<string, unknown> }
const area = sandboxArea('adcomment');
const { action, ctx, sent } = area;
let api: Api;
let checks: Checks;
let sb: Sandbox;
let bridge: Bridge;

beforeAll(async () => {
  ({ sb, bridge } = area);
  api = await area.module<Api>('api.ts');
  checks = await area.module<Checks>('checks.ts');
});

const comment = async (id: string) => (await sb.getJson(`/__sandbox/objects/comment/${id}`)).body;

describe('ad-post comments on the sandbox', () => {
  it('finds the posts behind the ads once each, with their info', async () => {
    const posts = await api.loadAdPosts(bridge, { sleep: noSleep });
    const fx = sb.state.data.fixtures.adcomment;
    expect(posts.map((p) => p.id)).toEqual(expect.arrayContaining(fx.posts));
    expect(new Set(posts.map((p) => p.id)).size).toBe(posts.length);
    const first = posts.find((p) => p.id === fx.posts[0])!;
    expect(first.message).not.toBe('');
    expect(first.page_id).toBe(fx.posts[0]!.split('_')[0]);
    expect(first.comment_count).toBe((await sb.getJson(`/__sandbox/objects/post/${first.id}`)).body.comments.length);
    expect(posts.some((p) => p.ads.length > 1)).toBe(true);
  });

  it('reads comments with the page token, paged, with images and links', async () => {
    const post = sb.state.data.fixtures.adcomment.posts[0]!;
    const rows = await api.readComments(bridge, post, { sleep: noSleep });
    expect(rows).toHaveLength((await sb.getJson(`/__sandbox/objects/post/${post}`)).body.comments.length);
    expect(rows.some((c) => c.image)).toBe(true);
    expect(rows.some((c) => c.link)).toBe(true);
    const call = sent.find((p) => p.url.includes('/comments'))!;
    expect(call.url).toContain(`access_token={{page_token:${post.split('_')[0]}}}`);
  });

  it('hides, shows and deletes a comment; verify settles each', async () => {
    const post = sb.state.data.fixtures.adcomment.posts[0]!;
    const [c] = await api.readComments(bridge, post, { sleep: noSleep });
    const item = checks.toItem(c!);
    expect(action('adcomment.hide').preflight!(item as never, {})).toBeNull();
    await action('adcomment.hide').run(item as never, {}, ctx());
    expect((await comment(c!.id)).is_hidden).toBe(true);
    expect(await action('adcomment.hide').verify!(item as never, {}, ctx())).toBe(true);
    await action('adcomment.hide').run(item as never, {}, ctx()); // idempotent
    await action('adcomment.unhide').run(item as never, {}, ctx());
    expect((await comment(c!.id)).is_hidden).toBe(false);
    expect(await action('adcomment.delete').verify!(item as never, {}, ctx())).toBe(false);
    await action('adcomment.delete').run(item as never, {}, ctx());
    expect((await sb.getJson(`/__sandbox/objects/comment/${c!.id}`)).status).toBe(404);
    expect(await action('adcomment.delete').verify!(item as never, {}, ctx())).toBe(true);
    await expect(action('adcomment.delete').run(item as never, {}, ctx())).rejects.toThrow(/does not exist/);
  });

  it('refuses moderation with the user token, as the platform does', async () => {
    const post = sb.state.data.fixtures.adcomment.posts[0]!;
    const id = (await sb.getJson(`/__sandbox/objects/post/${post}`)).body.comments[0].id;
    const r = await sb.post(`/v19.0/${id}`, { is_hidden: 'true' });
    expect(r.body.error.code).toBe(200);
    expect((await comment(id)).is_hidden).toBe(false);
  });

  it('describes each comment in the dry run and flags what the list already shows', () => {
    const item = { id: '1_2', page_id: '1', post_id: '1_9', message: '<b>Scam</b> here', from_name: 'Ann', is_hidden: true, can_hide: true, can_remove: false };
    expect(action('adcomment.hide').describe!(item as never, {})).toEqual({ key: 'effects.hide', values: { comment: '“<b>Scam</b> here” — Ann' } });
    expect(action('adcomment.hide').preflight!(item as never, {})).toMatchObject({ key: 'preflight.alreadyHidden' });
    expect(action('adcomment.delete').preflight!(item as never, {})).toMatchObject({ key: 'preflight.cannotRemove' });
    expect(action('adcomment.unhide').preflight!(item as never, {})).toBeNull();
  });
});
