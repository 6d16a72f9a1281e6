// The pixels' scheduled check against the sandbox, through the runner's background bridge: it reads the
// ad accounts each shareable pixel is shared with; someone outside Tessera unshares one, and the next
// check's snapshot no longer lists it (the server's pixelUnshared preset fires on that).
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
});
