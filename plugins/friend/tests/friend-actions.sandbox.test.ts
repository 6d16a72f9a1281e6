// The friends area against the sandbox over HTTP through the demo transport: the lists (sent 10 a
// page, received 20, notifications 15 then 10, invitations, feed, account quality), the four writes
// as the runner calls them with verify, the platform's refusals, and the sandbox clock.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../tests/sandbox/harness';
import { sandboxArea } from '../../../tests/sandbox/area-harness';
import type { Bridge } from '../../../src/kernel/bridge/bridge';
import type { FriendRequestRow } from '../requests';

interface Load {
  loadSent(b: Bridge): Promise<FriendRequestRow[]>;
  loadReceived(b: Bridge): Promise<FriendRequestRow[]>;
  loadNotifications(b: Bridge): Promise<{ id: string; body?: { text?: string } }[]>;
  loadInvitations(b: Bridge): Promise<{ id: string }[]>;
  loadFeed(b: Bridge): Promise<{ id: string }[]>;
}
interface Api { readAccountQuality(b: Bridge): Promise<{ status: string; friend_requests_sent_last_hour?: number }> }
const area = sandboxArea('friend');
const { action, ctx, sent } = area;
let load: Load;
let api: Api;
let sb: Sandbox;
let bridge: Bridge;
let fx: Sandbox['state']['data']['fixtures']['friend'];

beforeAll(async () => {
  ({ sb, bridge } = area);
  load = await area.module<Load>('load.ts');
  api = await area.module<Api>('api.ts');
});
beforeEach(() => { fx = sb.state.data.fixtures.friend; });

const request = async (uid: string) => (await sb.getJson(`/__sandbox/objects/friendRequest/${uid}`)).body;
const counts = () => sent.map((p) => JSON.parse(new URLSearchParams(p.options.body ?? '').get('variables') ?? '{}').count);
const ops = () => sent.map((p) => new URLSearchParams(p.options.body ?? '').get('fb_api_req_friendly_name'));

describe('friends on the sandbox', () => {
  it('lists sent requests 10 a page and received ones 20 a page', async () => {
    const out = await load.loadSent(bridge);
    expect(out.map((r) => r.id).sort()).toEqual([...fx.outgoing].sort());
    expect(out.every((r) => r.direction === 'outgoing' && r.status === 'OUTGOING_REQUEST')).toBe(true);
    expect(counts().every((c) => c === 10)).toBe(true);
    sent.length = 0;
    const inc = await load.loadReceived(bridge);
    expect(inc.map((r) => r.id).sort()).toEqual([...fx.incoming].sort());
    expect(counts().every((c) => c === 20)).toBe(true);
    expect(sent.every((p) => p.url === 'https://www.facebook.com/api/graphql/')).toBe(true);
  });

  it('reads notifications 15 then 10 a page, invitations, the feed and account quality', async () => {
    const notes = await load.loadNotifications(bridge);
    expect(notes).toHaveLength(sb.state.data.notifications.length);
    expect(counts().slice(0, 3)).toEqual([15, 10, 10]);
    expect(ops().slice(0, 2)).toEqual(['CometNotificationsRootQuery', 'CometNotificationsPaginationQuery']);
    expect(await load.loadInvitations(bridge)).toHaveLength(sb.state.data.invitations.length);
    expect(await load.loadFeed(bridge)).toHaveLength(sb.state.data.feed.length);
    expect((await api.readAccountQuality(bridge)).status).toBe('OK');
  });

  it('sends, cancels, confirms and deletes; verify settles each; a repeat is refused', async () => {
    const [a, b] = fx.canRequest;
    const me = { id: sb.state.data.sessionUserId, account: true };
    expect(await action('friend.send').verify!({ ...me, pair: a }, { uids: [a] }, ctx())).toBe(false);
    // the job item is the pair: with two people pasted, this item sends to its own person only
    expect(await action('friend.send').run({ ...me, pair: a }, { uids: [a, b] }, ctx())).toEqual({ status: 'OUTGOING_REQUEST' });
    expect(await request(a!)).toMatchObject({ state: 'pending', direction: 'outgoing' });
    expect(await action('friend.send').verify!({ ...me, pair: a }, { uids: [a] }, ctx())).toBe(true);
    await expect(action('friend.send').run({ ...me, pair: a }, { uids: [a] }, ctx())).rejects.toThrow(/already sent/);

    await action('friend.cancel').run({ id: a, status: 'OUTGOING_REQUEST' }, {}, ctx());
    expect(await request(a!)).toMatchObject({ state: 'cancelled' });
    expect(await action('friend.cancel').verify!({ id: a }, {}, ctx())).toBe(true);
    await expect(action('friend.cancel').run({ id: a }, {}, ctx())).rejects.toThrow(/no longer pending/);

    const [x, y] = fx.incoming;
    await action('friend.confirm').run({ id: x }, {}, ctx());
    expect(await request(x!)).toMatchObject({ state: 'accepted', friends: true });
    expect(await action('friend.confirm').verify!({ id: x }, {}, ctx())).toBe(true);
    await action('friend.delete').run({ id: y }, {}, ctx());
    expect(await request(y!)).toMatchObject({ state: 'declined', friends: false });
    expect(await action('friend.delete').verify!({ id: y }, {}, ctx())).toBe(true);
    expect(await request(b!)).toEqual({ error: `no friendRequest with id ${b}` }); // the other person pasted got nothing
  });

  it('lets people accept sent requests on the sandbox clock', async () => {
    const before = (await load.loadSent(bridge)).length;
    sb.clock.advance(25 * 3600 * 1000);
    const afterwards = await load.loadSent(bridge);
    expect(afterwards.length).toBeLessThan(before);
    const accepted = fx.outgoing.filter((uid) => !afterwards.some((r) => r.id === uid));
    expect((await request(accepted[0]!)).state).toBe('accepted');
  });

  it('blocks sending after 40 requests in an hour (code 368) and says so in account quality', async () => {
    const me = { id: sb.state.data.sessionUserId, account: true };
    // 40 sends in the last hour already (the sandbox's own record of them)
    sb.state.data.friendSends = Array.from({ length: 40 }, () => Math.floor(sb.clock.now() / 1000) - 60);
    const uid = fx.canRequest[0]!;
    let error: unknown = null;
    try { await action('friend.send').run({ ...me, pair: uid }, { uids: [uid] }, ctx()); } catch (e) { error = e; }
    expect(error).toMatchObject({ code: 368 });
    expect((await request(uid)).state).not.toBe('pending');
    expect((await api.readAccountQuality(bridge)).status).toBe('RESTRICTED');
    sb.clock.advance(3601 * 1000);
    await action('friend.send').run({ ...me, pair: uid }, { uids: [uid] }, ctx());
    expect((await request(uid)).state).toBe('pending');
  });

  it('names a person in the dry run and flags what the list already shows', () => {
    expect(action('friend.cancel').describe!({ id: '5', name: '<b>Ann</b>' }, {})).toEqual({ key: 'effects.cancel', values: { person: '<b>Ann</b> (5)' } });
    expect(action('friend.cancel').preflight!({ id: '5', status: 'INCOMING_REQUEST' }, {})).toMatchObject({ key: 'preflight.notSentPending' });
    expect(action('friend.confirm').preflight!({ id: '5', status: 'INCOMING_REQUEST' }, {})).toBeNull();
    expect(action('friend.send').preflight!({ id: '5' }, {})).toMatchObject({ key: 'preflight.sendFromAccount' });
    expect(action('friend.send').describe!({ id: 'me', account: true, pair: '77' }, { uids: ['77'] })).toEqual({ key: 'effects.send', values: { person: '77' } });
  });
});
