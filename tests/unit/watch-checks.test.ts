// The watch's scheduled checks (issue 34 item 4; docs/DECISIONS.md, "The watch: scheduled checks"):
// what is due, the round that reads each due check through the background bridge, sends what changed
// and reports the outcome, and tells the extension when the next one falls due.
import { describe, expect, it } from 'vitest';
import { choiceOf, FIRST_RUN_DELAY_MS, planChecks, scheduledChecks, startWatchChecks, type CheckProblem, type ScheduledCheck } from '../../src/kernel/list/watch-checks';
import { createWatchSender, type PrintStore } from '../../src/kernel/list/watch-send';
import type { Bridge } from '../../src/kernel/bridge/bridge';
import type { LoadedPlugin, PluginWatch, WatchModule } from '../../src/kernel/plugin/types';
import type { WatchCheckBody, WatchCheckView, WatchSettings, WatchSnapshotBody } from '../../protocol/api/watch';

const HOUR = 3600_000;

function watchOf(type: 'adaccount' | 'business', module: WatchModule, checks: { id: string; every: number }[], fields: string[] = ['status']): PluginWatch {
  return { type, rowType: type, titleKey: 't', fields, checks: checks.map((c) => ({ ...c, titleKey: `check.${c.id}` })), load: async () => module };
}
const plugin = (id: string, watch: PluginWatch) => ({ id, watch }) as unknown as LoadedPlugin;

describe('what is due', () => {
  const checks: ScheduledCheck[] = scheduledChecks([
    plugin('adaccount', watchOf('adaccount', { toSnapshot: () => null }, [{ id: 'health', every: 3600 }])),
    plugin('bm', watchOf('business', { toSnapshot: () => null }, [{ id: 'people', every: 86400 }])),
    { id: 'friends' } as unknown as LoadedPlugin,
  ]);

  it('names each check <type>.<id> with its default interval', () => {
    expect(checks.map((c) => [c.key, c.every, c.pluginId])).toEqual([['adaccount.health', 3600, 'adaccount'], ['business.people', 86400, 'bm']]);
    expect(choiceOf(checks[0]!, {})).toEqual({ enabled: true, everyS: 3600 });
    expect(choiceOf(checks[0]!, { 'adaccount.health': { enabled: false, everyS: 60 } })).toEqual({ enabled: false, everyS: 60 });
  });

  it('a check that never ran is due two minutes after the start (or its interval, when shorter); one that ran when its interval has passed', () => {
    const now = 10 * HOUR;
    expect(planChecks(checks, {}, new Map(), now)).toEqual({ due: [], nextAt: now + FIRST_RUN_DELAY_MS });
    expect(planChecks(checks, {}, new Map(), now + FIRST_RUN_DELAY_MS, now)).toEqual({ due: checks, nextAt: now + FIRST_RUN_DELAY_MS + HOUR });
    expect(planChecks(checks, { 'adaccount.health': { enabled: true, everyS: 5 } }, new Map(), now + 5_000, now).due.map((c) => c.key)).toEqual(['adaccount.health']);
    const last = new Map([['adaccount.health', now - 30 * 60_000], ['business.people', now - 25 * HOUR]]);
    const plan = planChecks(checks, {}, last, now);
    expect(plan.due.map((c) => c.key)).toEqual(['business.people']);
    expect(plan.nextAt).toBe(now + 30 * 60_000);
  });

  it("the operator's choice decides: an interval of seconds, a check switched off", () => {
    const now = 10 * HOUR;
    const last = new Map([['adaccount.health', now - 6_000], ['business.people', now - 1_000]]);
    const plan = planChecks(checks, { 'adaccount.health': { enabled: true, everyS: 5 }, 'business.people': { enabled: false, everyS: 5 } }, last, now);
    expect(plan.due.map((c) => c.key)).toEqual(['adaccount.health']);
    expect(plan.nextAt).toBe(now + 5_000);
    expect(planChecks(checks, { 'adaccount.health': { enabled: false, everyS: 5 }, 'business.people': { enabled: false, everyS: 5 } }, last, now)).toEqual({ due: [], nextAt: null });
  });
});

function memoryPrints(): PrintStore {
  let value: unknown;
  return { read: () => value, write: (v) => { value = v; } };
}

/** A round's world: a server answering settings and last checks, a sender, the extension's messages. */
function world(o: { openedForChecks?: boolean; settings?: Partial<WatchSettings>; last?: WatchCheckView[]; identity?: string | null; failSnapshots?: boolean; read?: () => Promise<unknown[]> }) {
  let clock = 100 * HOUR;
  const reports: WatchCheckBody[] = [];
  const snapshots: WatchSnapshotBody[] = [];
  const told: (number | null)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const bridges: string[] = [];
  let done = 0;
  // the server keeps each check's last outcome
  const kept = new Map((o.last ?? []).map((l) => [l.check, l]));
  const sender = createWatchSender({
    post: async (b) => {
      if (o.failSnapshots) throw new Error('server down');
      snapshots.push(b);
    },
    prints: memoryPrints(), setTimer: () => 0, clearTimer: () => {}, log: () => {},
  });
  const read = o.read ?? (async () => [{ id: 'act_1', name: 'One', status: 2 }, { id: 'act_2', name: 'Two', status: 1 }]);
  const module: WatchModule = {
    toSnapshot: (r: never) => {
      const row = r as { id: string; name: string; status: number };
      return { id: row.id, name: row.name, status: row.status, secret: 'dropped' };
    },
    checks: { health: async (ctx) => { bridges.push(ctx.platformUserId ?? 'none'); return read(); } },
  };
  const plugins = [plugin('adaccount', watchOf('adaccount', module, [{ id: 'health', every: 3600 }]))];
  const checks = startWatchChecks({
    plugins: () => plugins,
    api: {
      get: async <T,>(path: string) => (path === '/api/watch/settings' ? { quietHours: null, checks: {}, ...o.settings } : [...kept.values()]) as T,
      post: async <T,>(_path: string, body?: unknown) => {
        const b = body as WatchCheckBody;
        reports.push(b);
        kept.set(b.check, { check: b.check, ok: b.ok, reason: b.reason ?? '', at: new Date(clock).toISOString() });
        return {} as T;
      },
    },
    backgroundBridge: () => ({}) as Bridge,
    sender: () => sender,
    platformUserId: () => (o.identity === undefined ? 'fb1' : o.identity),
    words: (p: CheckProblem, m?: string) => `${p}${m ? `: ${m}` : ''}`,
    tellExtension: (at) => told.push(at),
    openedForChecks: o.openedForChecks ?? false,
    tellDone: () => { done += 1; },
    now: () => clock,
    setTimer: (run, ms) => { timers.push({ run, ms }); return timers.length; },
    clearTimer: () => {},
    log: () => {},
  });
  return { checks, reports, snapshots, told, timers, bridges, done: () => done, advance: (ms: number) => { clock += ms; }, now: () => clock };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a round of scheduled checks', () => {
  it('reads the due check as the platform user, sends its rows (only the declared fields), reports it ran and tells the extension the next time', async () => {
    const w = world({});
    await w.checks.poke();
    expect(w.bridges).toEqual([]); // not yet: the lists opened on signing in go first
    w.advance(FIRST_RUN_DELAY_MS);
    await w.checks.poke();
    expect(w.bridges).toEqual(['fb1']);
    expect(w.snapshots).toEqual([{ type: 'adaccount', rows: [{ id: 'act_1', name: 'One', status: 2 }, { id: 'act_2', name: 'Two', status: 1 }] }]);
    expect(w.reports).toEqual([{ check: 'adaccount.health', ok: true }]);
    expect(w.told).toEqual([100 * HOUR + FIRST_RUN_DELAY_MS, w.now() + HOUR]); // the first round: not yet due; the second: ran
    expect(w.done()).toBe(0);
    expect(w.timers.at(-1)!.ms).toBe(5 * 60_000); // looked at again within five minutes, whatever the interval
    w.checks.stop();
  });

  it('a tab the extension opened for due checks runs them at once, then says it is done (once)', async () => {
    const w = world({ openedForChecks: true });
    await w.checks.poke();
    expect(w.reports).toEqual([{ check: 'adaccount.health', ok: true }]);
    expect(w.done()).toBe(1);
    w.advance(HOUR);
    await w.checks.poke();
    expect(w.reports).toHaveLength(2);
    expect(w.done()).toBe(1);
    w.checks.stop();
  });

  it('a check that ran recently is not run again before its interval', async () => {
    const w = world({ last: [{ check: 'adaccount.health', ok: true, reason: '', at: new Date(100 * HOUR - 10 * 60_000).toISOString() }] });
    await w.checks.poke();
    expect(w.reports).toEqual([]);
    expect(w.told).toEqual([100 * HOUR + 50 * 60_000]);
    w.checks.stop();
  });

  it('every 5 seconds when the operator chose so: the timer waits 5 s and the next round runs it again', async () => {
    const w = world({ settings: { checks: { 'adaccount.health': { enabled: true, everyS: 5 } } } });
    await w.checks.poke();
    expect(w.reports).toHaveLength(0);
    expect(w.timers.at(-1)!.ms).toBe(5_000);
    w.advance(5_000);
    await w.checks.poke();
    expect(w.reports).toHaveLength(1);
    expect(w.timers.at(-1)!.ms).toBe(5_000);
    w.advance(5_000);
    w.timers.at(-1)!.run();
    await settle();
    expect(w.reports).toHaveLength(2);
    // not due again yet
    await w.checks.poke();
    expect(w.reports).toHaveLength(2);
    w.checks.stop();
  });

  it('could not run: no platform session, a platform error, the server not taking the snapshot — each reported with why', async () => {
    const noSession = world({ identity: null });
    noSession.advance(FIRST_RUN_DELAY_MS);
    await noSession.checks.poke();
    expect(noSession.reports).toEqual([{ check: 'adaccount.health', ok: false, reason: 'noSession' }]);
    noSession.checks.stop();

    const failing = world({ read: async () => { throw new Error('(#17) User request limit reached'); } });
    failing.advance(FIRST_RUN_DELAY_MS);
    await failing.checks.poke();
    expect(failing.reports).toEqual([{ check: 'adaccount.health', ok: false, reason: 'failed: (#17) User request limit reached' }]);
    failing.checks.stop();

    const unsent = world({ failSnapshots: true });
    unsent.advance(FIRST_RUN_DELAY_MS);
    await unsent.checks.poke();
    expect(unsent.reports).toEqual([{ check: 'adaccount.health', ok: false, reason: 'notSent' }]);
    unsent.checks.stop();
  });

  it('a stopped scheduler reads nothing more', async () => {
    const w = world({ settings: { checks: { 'adaccount.health': { enabled: true, everyS: 5 } } } });
    w.advance(5_000);
    await w.checks.poke();
    w.checks.stop();
    w.advance(60_000);
    await w.checks.poke();
    expect(w.reports).toHaveLength(1);
  });
});

describe("the dashboard's lines", () => {
  it('says when each check last ran, when it is due, and that a check past its time missed it; an off check is off', async () => {
    const { checkLines, MISSED_GRACE_MS } = await import('../../src/kernel/shell/dashboard/LastChecks');
    const checks = scheduledChecks([
      plugin('adaccount', watchOf('adaccount', { toSnapshot: () => null }, [{ id: 'health', every: 3600 }])),
      plugin('bm', watchOf('business', { toSnapshot: () => null }, [{ id: 'people', every: 86400 }])),
    ]);
    const now = 100 * HOUR;
    const at = (ms: number) => new Date(ms).toISOString();
    const lines = checkLines(checks, { quietHours: null, checks: {} }, [
      { check: 'adaccount.health', ok: false, reason: 'No social-network account is signed in in this browser', at: at(now - 30 * 60_000) },
    ], now);
    expect(lines.map((l) => [l.check.key, l.enabled, l.dueAt, l.missed, l.last?.ok ?? null])).toEqual([
      ['adaccount.health', true, now + 30 * 60_000, false, false],
      ['business.people', true, null, false, null],
    ]);
    const late = checkLines(checks, { quietHours: null, checks: { 'business.people': { enabled: false, everyS: 86400 } } }, [
      { check: 'adaccount.health', ok: true, reason: '', at: at(now - HOUR - MISSED_GRACE_MS - 1) },
      { check: 'business.people', ok: true, reason: '', at: at(now - 3 * 86400_000) },
    ], now);
    expect(late.map((l) => [l.enabled, l.missed])).toEqual([[true, true], [false, false]]);
  });
});
