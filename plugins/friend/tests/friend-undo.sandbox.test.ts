// The undo contract of the friends area (tests/sandbox/undo-contract.ts): a friend request sent, then
// cancelled by the undo, leaves the person where they were. The case is a person the session user
// once asked and then cancelled (the sandbox's "history"): the latest request with them is then a
// cancelled one again, as before; only its id and times are the new request's.
import { expect, it } from 'vitest';
import { sandboxArea } from '../../../tests/sandbox/area-harness';
import { undoContract } from '../../../tests/sandbox/undo-contract';

const area = sandboxArea('friend');

undoContract(area, {
  'friend.send': (a) => {
    const d = a.sb.state.data;
    const me = d.sessionUserId;
    const cancelled = [...d.friendRequests.values()].find((r) => r.from === me && r.state === 'cancelled'
      && ![...d.friendRequests.values()].some((x) => x !== r && (x.to === r.to || x.from === r.to)) && !d.friendships.has(r.to));
    expect(cancelled).toBeTruthy();
    const uid = cancelled!.to;
    return {
      item: { id: me, account: true, pair: uid }, params: { uids: [uid] },
      objects: [['friendRequest', uid]], ignore: ['id', 'created_time', 'updated_time'],
    };
  },
});

it('a send that confirmed the person\'s own request made friends: its undo refuses, nothing is sent', async () => {
  const d = area.sb.state.data;
  const uid = d.fixtures.friend.incoming[0]!;
  const item = { id: d.sessionUserId, account: true, pair: uid };
  const params = { uids: [uid] };
  const undo = area.action('friend.send').undo!;
  const before = (await undo.read([item], params, area.ctx())).get(`${item.id}|${uid}`) ?? null;
  expect(before).toEqual({ status: 'INCOMING_REQUEST' });
  await area.run('friend.send', item, params);
  expect(undo.after(item, params, before)).toEqual({ status: 'ARE_FRIENDS' });
  const sent = area.sent.length;
  await expect(undo.run(item, before, params, area.ctx())).rejects.toThrow(/friendship is not undone/);
  expect(area.sent.length).toBe(sent);
});
