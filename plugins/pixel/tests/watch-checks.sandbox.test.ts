// The pixels' scheduled check against the sandbox, through the runner's background bridge: it reads the
// ad accounts each shareable pixel is shared with; someone outside Tessera unshares one, and the next
// check's snapshot no longer lists it (the server's pixelUnshared preset fires on that); it reads the people
// assigned to each pixel, and a person someone outside assigns shows up in the next snapshot.
import { describe, expect, it } from 'vitest';
import { sandboxArea, sandboxRunner } from '../../../tests/sandbox/area-harness';
import type { WatchModule } from '../../../src/kernel/plugin/types';
import type { WatchMember } from '../../../protocol/api/watch';

const area = sandboxArea('pixel');

describe("the pixels' scheduled check", () => {
  it('reads each shareable pixel\'s shared accounts; an account unshared from outside is gone from the next snapshot', async () => {
    const watch = await area.module<Required<WatchModule>>('watch.ts');
    const runner = sandboxRunner(area);
    const read = async () => (await watch.checks.sharing!({ bridge: runner.background.bridge(null), signal: new AbortController().signal, platformUserId: null }))
      .map((r) => watch.toSnapshot(r as never)!);
    const before = await read();
    const pixel = before.find((p) => Array.isArray(p.sharedAccounts) && (p.sharedAccounts as WatchMember[]).length > 0)!;
    expect(pixel, 'a shareable pixel shared with an ad account').toBeTruthy();
    const account = (pixel.sharedAccounts as WatchMember[])[0]!.id;
    expect(account).toMatch(/^act_\d+$/);
    const r = await fetch(`${area.sb.base}/__sandbox/world`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events: [{ kind: 'unsharePixel', pixel: pixel.id, account }] }) });
    expect(r.status, await r.clone().text()).toBe(200);
    const after = (await read()).find((p) => p.id === pixel.id)!;
    expect((after.sharedAccounts as WatchMember[]).map((m) => m.id)).toEqual((pixel.sharedAccounts as WatchMember[]).map((m) => m.id).filter((id) => id !== account));
    expect(area.sent.every((p) => p.options.method === 'GET')).toBe(true);
    expect(runner.background.stats().calls).toBe(area.sent.length);
  }, 90_000);

  it('reads the people assigned to each pixel; a person assigned from outside is in the next snapshot', async () => {
    const watch = await area.module<Required<WatchModule>>('watch.ts');
    const runner = sandboxRunner(area);
    const read = async () => (await watch.checks.sharing!({ bridge: runner.background.bridge(null), signal: new AbortController().signal, platformUserId: null }))
      .map((r) => watch.toSnapshot(r as never)!);
    const before = await read();
    const d = area.sb.state.data;
    // a pixel whose people were read, and a person of its owner not assigned to it
    let target: { pixel: string; bu: string; uid: string } | null = null;
    for (const row of before) {
      const px = d.pixelList.find((p) => p.id === row.id);
      const owner = px?.owner_business ? d.businesses.get(px.owner_business) : undefined;
      if (!px || !owner || !Array.isArray(row.admins)) continue;
      const bu = owner.users.map((id) => d.businessUsers.get(id)!).find((u) => u && !px.assigned_users.some((a) => a.uid === u.uid));
      if (bu) { target = { pixel: px.id, bu: bu.id, uid: bu.uid }; break; }
    }
    expect(target, 'a pixel whose people were read, with someone of its owner not assigned').toBeTruthy();
    const { pixel, bu, uid } = target!;
    const was = (before.find((p) => p.id === pixel)!.admins as WatchMember[]).map((m) => m.id);
    expect(was).not.toContain(bu);
    // someone outside Tessera assigns that person (the sandbox's data, as the platform would hold it)
    d.pixelList.find((p) => p.id === pixel)!.assigned_users.push({ uid, tasks: ['ANALYZE', 'ADVERTISE'] });
    const after = (await read()).find((p) => p.id === pixel)!;
    const added = (after.admins as WatchMember[]).find((m) => m.id === bu);
    expect(added).toEqual({ id: bu, name: d.users.get(uid)!.name, role: 'ADVERTISE,ANALYZE' });
    expect((after.admins as WatchMember[]).map((m) => m.id).sort()).toEqual([...was, bu].sort());
    expect(area.sent.every((p) => p.options.method === 'GET')).toBe(true);
  }, 90_000);
});
