// The watch's scheduled checks of businesses and ad accounts against the sandbox, as the leader tab runs
// them: through the runner's background bridge (reads only; the ad-account details come in Graph
// batches of GETs). Someone outside Tessera adds an admin to a business and disables an account: the
// next check's rows, mapped as the watch keeps them, carry both.
import { describe, expect, it } from 'vitest';
import { sandboxArea, sandboxRunner } from '../../../tests/sandbox/area-harness';
import type { WatchModule } from '../../../src/kernel/plugin/types';
import type { WatchRow } from '../../../protocol/api/watch';

const area = sandboxArea('bm');
const ADACCOUNT_WATCH = '/plugins/adaccount/watch.ts';

/** Someone outside Tessera acts (`POST /__sandbox/world`); a refused batch fails the test. */
async function world(events: Record<string, unknown>[]): Promise<void> {
  const r = await fetch(`${area.sb.base}/__sandbox/world`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
  expect(r.status, await r.clone().text()).toBe(200);
}

describe('scheduled checks against the sandbox', () => {
  it("business.people reads each business's people with their roles: an admin added from outside is in the next snapshot", async () => {
    const watch = await area.module<WatchModule>('watch.ts');
    const runner = sandboxRunner(area);
    const read = () => watch.checks!.people!({ bridge: runner.background.bridge(null), signal: new AbortController().signal, platformUserId: null });
    const before = (await read()).map((r) => watch.toSnapshot(r as never)!);
    const business = before.find((b) => Array.isArray(b.admins))!;
    expect(business, 'a business whose people the operator reads').toBeTruthy();
    await world([{ kind: 'addAdmin', business: business.id, name: 'Mallory Outsider', email: 'mallory@example.test' }]);
    const after = (await read()).map((r) => watch.toSnapshot(r as never)!) as WatchRow[];
    const admins = after.find((b) => b.id === business.id)!.admins as { name?: string; role?: string }[];
    expect(admins.filter((a) => a.name === 'Mallory Outsider')).toEqual([expect.objectContaining({ role: 'ADMIN' })]);
    expect((admins.length)).toBe((business.admins as unknown[]).length + 1);
    // reads only, counted as background reads
    expect(area.sent.every((p) => p.options.method === 'GET')).toBe(true);
    expect(runner.background.stats().calls).toBe(area.sent.length);
  }, 60_000);

  it('adaccount.health reads the accounts with their details (batches of GETs go as background reads): a disabled account shows', async () => {
    // the ad-account area's watch module, loaded at run time as the area harness loads its own
    const watch = (await import(/* @vite-ignore */ ADACCOUNT_WATCH)) as Required<WatchModule>;
    const runner = sandboxRunner(area);
    const uid = ((await (await fetch(`${area.sb.base}/__sandbox/session`)).json()) as { userId: string }).userId;
    const read = () => watch.checks.health!({ bridge: runner.background.bridge(null), signal: new AbortController().signal, platformUserId: uid });
    const rows = (await read()).map((r) => watch.toSnapshot(r as never)!);
    const active = rows.find((r) => r.status === 1 && r.currency)!;
    expect(active).toBeTruthy();
    area.sent.length = 0;
    await world([{ kind: 'disableAccount', id: active.id, reason: 3 }, { kind: 'addAdmin', id: active.id, name: 'Eve Outside', email: 'eve@example.test' }]);
    const again = (await read()).map((r) => watch.toSnapshot(r as never)!);
    const now = again.find((r) => r.id === active.id)!;
    expect(now).toMatchObject({ status: 2, disableReason: 3 });
    expect((now.users as { name?: string }[]).map((u) => u.name)).toContain('Eve Outside');
    expect(area.sent.some((p) => p.options.method === 'POST')).toBe(true); // the detail batches
    expect(runner.background.stats().calls).toBeGreaterThan(0);
  }, 60_000);
});
