// One tab runs the jobs (docs/DECISIONS.md): a follower tab's RemoteRunner starts and controls jobs
// through the leader tab's runner. Secrets typed in the follower stay in the follower: it runs the
// job's `prepare` (the password re-check) when the leader asks, and no message between the tabs, nor
// either store, ever holds them. Tabs are simulated in one process with Node's BroadcastChannel.
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKernelStore, type KernelStore } from '../../src/kernel/store/store';
import { syncTabs } from '../../src/kernel/store/tab-sync';
import { createBridge } from '../../src/kernel/bridge/bridge';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import type { BridgeResponse } from '../../protocol';
import { createBus } from '../../src/kernel/bus';
import { Runner } from '../../src/kernel/runner/runner';
import { ITEMS, JOBS } from '../../src/kernel/runner/job-store';
import { realClock } from '../../src/kernel/runner/lanes';
import type { FieldError, ParamSchemas } from '../../src/kernel/runner/params';
import { RunnerRefusal, type JobItem } from '../../src/kernel/runner/types';
import { NoLeaderError, RemoteRunner } from '../../src/kernel/runner/tabs/remote-runner';
import { serveRunner } from '../../src/kernel/runner/tabs/serve-runner';
import type { RunnerMessage } from '../../src/kernel/runner/tabs/protocol';
import { actionMap, testAction, testPlugin } from '../harness/actions';

const Channel = NodeBroadcastChannel as unknown as typeof BroadcastChannel;
const CHANNEL = 'tessera:runner:test';
const plugin = testPlugin('demo');
const SCHEMAS: Record<string, { required: string[]; properties: Record<string, { minLength?: number; writeOnly?: boolean; 'x-tessera-secret'?: string }> }> = {
  // The password only `prepare` uses (a re-check), as the destructive page actions declare it.
  'demo.login': { required: ['user', 'password'], properties: { user: {}, password: { writeOnly: true, minLength: 6, 'x-tessera-secret': 'prepare' } } },
  'demo.leaky': { required: ['user', 'password'], properties: { user: {}, password: { writeOnly: true, minLength: 6, 'x-tessera-secret': 'prepare' } } },
  // The password every item sends (like page.rename).
  'demo.sign': { required: ['user', 'password'], properties: { user: {}, password: { writeOnly: true, minLength: 6 } } },
};
const schemas: ParamSchemas = {
  schema: (key) => SCHEMAS[key] as never,
  validate: (key, params) => {
    const p = (params ?? {}) as Record<string, unknown>;
    const errors: FieldError[] = [];
    for (const f of SCHEMAS[key].required) if (p[f] === undefined) errors.push({ field: f, message: 'is required' });
    if (typeof p.password === 'string' && p.password.length < 6) errors.push({ field: 'password', message: 'too short' });
    return errors;
  },
};

/** The platform: records every request with what it carried; `hold` keeps the re-checks unanswered. */
function platform(sent: string[], hold = { recheck: false }): BridgeTransport {
  return {
    kind: 'demo', version: async () => '1.0.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => [], dispose() {},
    outcome: async () => ({ state: 'unknown' }),
    request: async (payload): Promise<BridgeResponse> => {
      sent.push(JSON.stringify(payload));
      if (hold.recheck && String(payload.url).includes('recheck')) await new Promise(() => {});
      return { ok: true, status: 200, headers: {}, body: { success: true } };
    },
  };
}

/** What the items' code was given, by action. */
const itemParams: unknown[] = [];
const recheck = async (password: string, ctx: { bridge: import('../../src/kernel/bridge/bridge').Bridge; signal: AbortSignal }) => {
  await ctx.bridge.graph({ method: 'POST', path: 'me/recheck', params: { password } }, { signal: ctx.signal });
};
const login = testAction({ id: 'demo.login', idempotent: false }, {
  prepare: async (params: { user: string; password?: string }, ctx) => {
    await recheck(params.password ?? '', ctx);
    return { rechecked: true };
  },
  run: async (item: JobItem, params: { user: string; password?: string }, ctx) => {
    itemParams.push(params);
    await ctx.bridge.graph({ method: 'POST', path: `${item.id}/login`, params: { user: params.user } }, { signal: ctx.signal });
  },
});
/** Its `prepare` answers with the password: a plugin mistake the holding tab refuses to send. */
const leaky = testAction({ id: 'demo.leaky', idempotent: false }, {
  prepare: async (params: { password: string }) => ({ token: `t-${params.password}` }),
  run: async () => {},
});
const sign = testAction({ id: 'demo.sign', idempotent: false }, {
  run: async (item: JobItem, params: { user: string; password: string }, ctx) => {
    await ctx.bridge.graph({ method: 'POST', path: `${item.id}/sign`, params: { user: params.user, password: params.password } }, { signal: ctx.signal });
  },
});

function runnerOn(store: KernelStore, sent: string[], bus = createBus(), hold = { recheck: false }): Runner {
  return new Runner({
    store, bus, bridge: createBridge(platform(sent, hold)), actions: () => actionMap(plugin, login, leaky, sign), usablePluginIds: () => new Set(['demo']),
    user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 0.01, flush: async () => {}, pacing: false, paramSchemas: schemas,
  });
}

const stops: (() => void)[] = [];
afterEach(() => { stops.splice(0).forEach((s) => s()); });

/** Every message either tab posts on the runner's or the store's channel, as JSON. */
function listenToChannels(): string[] {
  const heard: string[] = [];
  for (const name of [CHANNEL, 'tessera:store:test']) {
    const channel = new Channel(name);
    channel.onmessage = (e: MessageEvent) => heard.push(JSON.stringify(e.data));
    stops.push(() => channel.close());
  }
  return heard;
}

/** A leader tab and a follower tab of one user, their stores synced. */
function twoTabs(options: { hold?: { recheck: boolean } } = {}) {
  const heard = listenToChannels();
  const leaderStore = createKernelStore();
  const followerStore = createKernelStore();
  const leaderSync = syncTabs(leaderStore, 'tessera:store:test', { isLeader: () => true, leaderTables: [JOBS, ITEMS], Channel });
  const followerSync = syncTabs(followerStore, 'tessera:store:test', { isLeader: () => false, leaderTables: [JOBS, ITEMS], Channel });
  const leaderSent: string[] = [];
  const followerSent: string[] = [];
  const leaderBus = createBus();
  const followerBus = createBus();
  const leader = runnerOn(leaderStore, leaderSent, leaderBus);
  const stopServing = serveRunner(leader, CHANNEL, leaderBus, 'leader-tab', Channel, { resendMs: 50, silenceMs: 300 });
  const remote = new RemoteRunner(runnerOn(followerStore, followerSent, followerBus, options.hold), CHANNEL, followerBus, { tabId: 'follower-tab', Channel, resendMs: 50, giveUpMs: 1000 }).open();
  stops.push(() => { remote.close(); stopServing(); leaderSync.close(); followerSync.close(); });
  return { leader, leaderStore, followerStore, leaderSent, followerSent, remote, leaderBus, followerBus, stopServing, heard };
}

const items = (n: number): JobItem[] => Array.from({ length: n }, (_, i) => ({ id: `obj_${i + 1}` }));

describe('a follower tab’s runner', () => {
  it('starts a job in the leader: the leader sends the items, the follower only the password re-check; it sees the items live and hears the job finish', async () => {
    const { leader, followerStore, leaderSent, followerSent, remote, followerBus, heard } = twoTabs();
    itemParams.length = 0;
    const finished = vi.fn();
    const statesWhenHeard: string[][] = [];
    followerBus.on('job:finished', finished);
    // Listeners read the job's items when they hear it finished: this tab's store has them by then.
    followerBus.on('job:finished', (e) => statesWhenHeard.push(remote.items(e.jobId).map((i) => i.state)));
    const jobId = remote.start('demo.login', { user: 'ann', password: 'hunter22' }, items(5));
    await vi.waitFor(() => expect(leader.job(jobId)?.status).toBe('done'), { timeout: 5000 });
    expect(leaderSent).toHaveLength(5);
    expect(leaderSent.every((r) => r.includes('/login') && !r.includes('hunter22'))).toBe(true);
    // `prepare` ran in the tab the password was typed in.
    expect(followerSent).toHaveLength(1);
    expect(followerSent[0]).toContain('recheck');
    expect(followerSent[0]).toContain('hunter22');
    expect(itemParams).toHaveLength(5);
    expect(JSON.stringify(itemParams)).not.toContain('hunter22');
    await vi.waitFor(() => expect(remote.job(jobId)).toMatchObject({ status: 'done', done: 5 }));
    expect(remote.items(jobId).map((i) => i.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
    await vi.waitFor(() => expect(finished).toHaveBeenCalledWith(expect.objectContaining({ jobId, status: 'done', done: 5 })));
    expect(statesWhenHeard).toEqual([['done', 'done', 'done', 'done', 'done']]);
    expect(remote.leaderSeen).toBe(true);
    // No message between the tabs held the secret, nor does either tab's store.
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.filter((m) => m.includes('hunter22'))).toEqual([]);
    expect(JSON.stringify(followerStore.getTables())).not.toContain('hunter22');
    expect(JSON.stringify(leader.store.getTables())).not.toContain('hunter22');
  });

  it('hears the leader\'s job records acknowledged by the server (a change feed open here reads again)', async () => {
    const { leaderBus, followerBus } = twoTabs();
    const heard = vi.fn();
    followerBus.on('records:acknowledged', heard);
    leaderBus.emit('records:acknowledged', { jobId: 'job-7', count: 3 });
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith({ jobId: 'job-7', count: 3 }));
  });

  it('refuses invalid parameters at once, in the follower, without asking the leader', () => {
    const { leader, remote } = twoTabs();
    expect(() => remote.start('demo.login', { user: 'ann', password: 'x' }, items(1))).toThrow(RunnerRefusal);
    expect(leader.jobs()).toEqual([]);
  });

  it('pauses, resumes with secrets typed in the follower (refused there when invalid), which keeps them and re-checks for the next leader', async () => {
    const { leader, leaderStore, leaderSent, followerSent, remote, stopServing, heard } = twoTabs();
    const jobId = remote.start('demo.login', { user: 'ann', password: 'hunter22' }, items(40));
    await vi.waitFor(() => expect(leader.job(jobId)?.status).toBe('running'));
    remote.pause(jobId);
    await vi.waitFor(() => expect(remote.job(jobId)?.status).toBe('paused'));
    expect(remote.missingSecrets(jobId)).toEqual([]); // the follower holds the secret
    // The leader tab goes; the next leader's runner knows of no secret: the job waits for the operator.
    stopServing();
    const next = runnerOn(leaderStore, leaderSent);
    stops.push(serveRunner(next, CHANNEL, createBus(), 'next-leader-tab', Channel, { resendMs: 50, silenceMs: 300 }));
    next.restore();
    await next.resume(jobId);
    await vi.waitFor(() => expect(remote.job(jobId)?.pauseReason).toBe('secret'));
    expect(remote.missingSecrets(jobId)).toEqual(['password']);

    const refused = remote.resume(jobId, { password: 'x' });
    await expect(refused).rejects.toBeInstanceOf(RunnerRefusal);
    await expect(refused).rejects.toMatchObject({ reason: 'params', fieldErrors: [{ field: 'password', message: 'too short' }] });
    await remote.resume(jobId, { password: 'hunter23' });
    await vi.waitFor(() => expect(remote.job(jobId)?.status).toBe('done'), { timeout: 5000 });
    expect(JSON.stringify(remote.store.getTables())).not.toContain('hunter23');
    // The new leader had the follower re-check with the password entered again; it never crossed.
    expect(followerSent.filter((r) => r.includes('recheck')).map((r) => r.includes('hunter23'))).toEqual([false, true]);
    expect(leaderSent.filter((r) => r.includes('recheck'))).toEqual([]);
    expect(heard.filter((m) => m.includes('hunter2'))).toEqual([]);

    const other = next.start('demo.login', { user: 'ann', password: 'hunter22' }, items(200));
    remote.cancel(other);
    await vi.waitFor(() => expect(remote.job(other)?.status).toBe('cancelled'));
  });

  it('carries out a call sent again (an answer that got lost) only once', async () => {
    const { leader, leaderSent } = twoTabs();
    const channel = new Channel(CHANNEL);
    const replies: RunnerMessage[] = [];
    channel.onmessage = (e: MessageEvent<RunnerMessage>) => { if (e.data.kind === 'reply') replies.push(e.data); };
    stops.push(() => channel.close());
    const call: RunnerMessage = { kind: 'call', from: 'probe', id: 'probe:1', method: 'start', args: ['demo.login', { user: 'a', password: 'hunter22' }, items(3), { jobId: 'job-probe' }] };
    channel.postMessage(call);
    channel.postMessage(call);
    channel.postMessage({ ...call, id: 'probe:2' }); // the same job asked for twice under two ids: still one job
    await vi.waitFor(() => expect(replies).toHaveLength(3));
    await vi.waitFor(() => expect(leader.job('job-probe')?.status).toBe('done'));
    expect(leader.jobs()).toHaveLength(1);
    expect(leaderSent.filter((r) => r.includes('/login'))).toHaveLength(3);
  });

  it('refuses in the follower an action whose items send the secret, and asks the leader nothing', async () => {
    const { leader, remote, heard } = twoTabs();
    let refusal: unknown;
    try {
      remote.start('demo.sign', { user: 'ann', password: 'hunter22' }, items(2));
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(RunnerRefusal);
    expect(refusal).toMatchObject({ reason: 'secret-tab', names: ['password'] });
    await new Promise((r) => setTimeout(r, 100));
    expect(leader.jobs()).toEqual([]);
    expect(heard.filter((m) => m.includes('hunter22'))).toEqual([]);
  });

  it('pauses the job for the secret when the tab holding it closes during the re-check; entered again in the leader, it runs there', async () => {
    const { leader, leaderSent, followerSent, remote, heard } = twoTabs({ hold: { recheck: true } });
    const jobId = remote.start('demo.login', { user: 'ann', password: 'hunter22' }, items(3));
    await vi.waitFor(() => expect(followerSent).toHaveLength(1)); // the re-check is on its way, unanswered
    await new Promise((r) => setTimeout(r, 400)); // longer than the silence allowed: the follower keeps saying it works on it
    expect(leader.job(jobId)?.status).toBe('running');
    remote.close();
    await vi.waitFor(() => expect(leader.job(jobId)).toMatchObject({ status: 'paused', pauseReason: 'secret', pauseMessage: 'password' }), { timeout: 3000 });
    expect(leader.missingSecrets(jobId)).toEqual(['password']);
    expect(leaderSent).toEqual([]);
    await leader.resume(jobId, { password: 'hunter23' });
    await vi.waitFor(() => expect(leader.job(jobId)?.status).toBe('done'), { timeout: 5000 });
    expect(leaderSent.filter((r) => r.includes('recheck'))).toHaveLength(1);
    expect(leaderSent.filter((r) => r.includes('/login'))).toHaveLength(3);
    expect(heard.filter((m) => m.includes('hunter2'))).toEqual([]);
  });

  it('fails the job rather than send back a `prepare` result that holds the secret', async () => {
    const { leader, remote, heard } = twoTabs();
    const jobId = remote.start('demo.leaky', { user: 'ann', password: 'hunter22' }, items(2));
    await vi.waitFor(() => expect(leader.job(jobId)?.status).toBe('failed'), { timeout: 3000 });
    expect(leader.job(jobId)?.error).toContain('secret value');
    expect(heard.filter((m) => m.includes('hunter22'))).toEqual([]);
  });

  it('gives a secret only `prepare` uses to `prepare` alone, in the leader too', async () => {
    const { leader, leaderSent } = twoTabs();
    itemParams.length = 0;
    const jobId = leader.start('demo.login', { user: 'ann', password: 'hunter22' }, items(2));
    await vi.waitFor(() => expect(leader.job(jobId)?.status).toBe('done'));
    expect(leaderSent.filter((r) => r.includes('hunter22'))).toHaveLength(1);
    expect(itemParams).toEqual([{ user: 'ann' }, { user: 'ann' }]);
  });

  it('gives up when no tab serves', async () => {
    const { remote, stopServing } = twoTabs();
    stopServing();
    await expect(remote.resume('job-x')).rejects.toBeInstanceOf(NoLeaderError);
  });
});
