// The pages' scheduled check against the sandbox, through the runner's background bridge: it reads the
// pages as the list does and each page's roles in Graph batches; someone outside Tessera gives a person a
// role on a page, and the next check's snapshot lists them (the server flags them as added from outside);
// each page's deactivation is read too (a web GraphQL query the check declares), and a page deactivated
// from outside shows as such in the next snapshot.
import { describe, expect, it } from 'vitest';
import { sandboxArea, sandboxRunner } from '../../../tests/sandbox/area-harness';
import type { WatchModule } from '../../../src/kernel/plugin/types';
import type { WatchMember } from '../../../protocol/api/watch';

const area = sandboxArea('page');

describe("the pages' scheduled check", () => {
  it("reads each page's roles in batches; a role given from outside is in the next snapshot", async () => {
    const watch = await area.module<Required<WatchModule>>('watch.ts');
    const runner = sandboxRunner(area);
    // the check's background bridge lets through the query its manifest declares (plugin.json `watch.checks`)
    const read = async () => (await watch.checks.status!({ bridge: runner.background.bridge(null, { queries: ['PageDeactivationStateQuery'] }), signal: new AbortController().signal, platformUserId: null }))
      .map((r) => watch.toSnapshot(r as never)!);
    const before = await read();
    expect(before.length).toBeGreaterThan(0);
    // every page listed has its roles, the operator among them with full control
    const session = area.sb.state.data.sessionUserId;
    for (const row of before) expect(Array.isArray(row.roles), row.id).toBe(true);
    const page = before.find((p) => (p.roles as WatchMember[]).some((m) => m.id === session))!;
    expect((page.roles as WatchMember[]).find((m) => m.id === session)).toMatchObject({ id: session, role: 'full' });
    expect(typeof page.published).toBe('boolean');
    for (const row of before) expect(['active', 'deactivated'], row.id).toContain(row.deactivation);
    // the roles came in Graph batches (one request for the small sandbox's pages), not one call a page
    const batches = area.sent.filter((s) => s.options.method === 'POST' && /\/v[\d.]+\/$/.test(s.url));
    expect(batches.length).toBeGreaterThan(0);
    expect(area.sent.filter((s) => /\/roles\b/.test(s.url))).toEqual([]);
    // someone outside Tessera gives a person the ads role on that page
    const d = area.sb.state.data;
    const taken = new Set((page.roles as WatchMember[]).map((m) => m.id));
    const outsider = [...d.users.keys()].find((uid) => !taken.has(uid))!;
    d.pageList.find((p) => p.id === page.id)!.roles.push({ uid: outsider, tasks: ['ADVERTISE', 'ANALYZE'] });
    const after = (await read()).find((p) => p.id === page.id)!;
    expect((after.roles as WatchMember[]).find((m) => m.id === outsider)).toEqual({ id: outsider, name: d.users.get(outsider)!.name, role: 'ads' });
    expect((after.roles as WatchMember[]).map((m) => m.id).sort()).toEqual([...taken, outsider].sort());
    expect(runner.background.stats().calls).toBe(area.sent.length);
    // someone outside Tessera deactivates an active page: the next check says so
    const active = before.find((p) => p.deactivation === 'active')!;
    const stored = d.pageList.find((p) => p.id === active.id)!;
    stored.deactivated_time = Math.floor(Date.now() / 1000);
    stored.deactivated_until = stored.deactivated_time + 30 * 86400;
    expect((await read()).find((p) => p.id === active.id)).toMatchObject({ deactivation: 'deactivated' });
  }, 90_000);
});
