// One tab runs the jobs (docs/DECISIONS.md): a follower tab's RemoteRunner starts and controls jobs
// through the leader tab's runner; secrets typed in the follower reach the leader in the message and
// are never stored. Tabs are simulated in one process with Node's BroadcastChannel.
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
const SCHEMAS: Record<string, { required: string[]; properties: Record<string, { minLength?: number; writeOnly?: boolean }> }> = {
  'demo.login': { required: ['user', 'password'], properties: { user: {}, password: { writeOnly: true, minLength: 6 } } },
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

/** The platform: records every write with the password it carried. */
function platform(sent: string[]): BridgeTransport {
  return {
    kind: 'demo', version: async () => '1.0.0', identity: async () => ({ id: '1', name: 'x' }), cookies: async () => [], dispose() {},
    outcome: async () => ({ state: 'unknown' }),
    request: async (payload): Promise<BridgeResponse> => {
      sent.push(String(payload.url));
      return { ok: true, status: 200, headers: {}, body: { success: true } };
    },
  };
}

const login = testAction({ id: 'demo.login', idempotent: false }, {
  run: async (item: JobItem, params: { user: string; password: string }, ctx) => {
    await ctx.bridge.graph({ method: 'POST', path: `${item.id}/login`, params: { user: params.user, password: params.password } }, { signal: ctx.signal });
  },
});

function runnerOn(store: KernelStore, sent: string[], bus = createBus()): Runner {
  return new Runner({
    store, bus, bridge: createBridge(platform(sent)), actions: () => actionMap(plugin, login), usablePluginIds: () => new Set(['demo']),
    user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 0.01, flush: async () => {}, pacing: false, paramSchemas: schemas,
  });
}

const stops: (() => void)[] = [];
afterEach(() => { stops.splice(0).forEach((s) => s()); });

/** A leader tab and a follower tab of one user, their stores synced. */
function twoTabs() {
  const leaderStore = createKernelStore();
  const followerStore = createKernelStore();
  const leaderSync = syncTabs(leaderStore, 'tessera:store:test', { isLeader: () => true, leaderTables: [JOBS, ITEMS], Channel });
  const followerSync = syncTabs(followerStore, 'tessera:store:test', { isLeader: () => false, leaderTables: [JOBS, ITEMS], Channel });
  const leaderSent: string[] = [];
  const followerSent: string[] = [];
  const leaderBus = createBus();
  const followerBus = createBus();
  const leader = runnerOn(leaderStore, leaderSent, leaderBus);
  const stopServing = serveRunner(leader, CHANNEL, leaderBus, 'leader-tab', Channel);
  const remote = new RemoteRunner(runnerOn(followerStore, followerSent, followerBus), CHANNEL, followerBus, { tabId: 'follower-tab', Channel, resendMs: 50, giveUpMs: 1000 }).open();
  stops.push(() => { remote.close(); stopServing(); leaderSync.close(); followerSync.close(); });
  return { leader, leaderStore, followerStore, leaderSent, followerSent, remote, followerBus, stopServing };
}

const items = (n: number): JobItem[] => Array.from({ length: n }, (_, i) => ({ id: `obj_${i + 1}` }));

describe('a follower tab’s runner', () => {
  it('starts a job in the leader: only the leader sends, the follower sees the items live and hears the job finish', async () => {
    const { leader, followerStore, leaderSent, followerSent, remote, followerBus } = twoTabs();
    const finished = vi.fn();
    const statesWhenHeard: string[][] = [];
    followerBus.on('job:finished', finished);
    // Listeners read the job's items when they hear it finished: this tab's store has them by then.
    followerBus.on('job:finished', (e) => statesWhenHeard.push(remote.items(e.jobId).map((i) => i.state)));
    const jobId = remote.start('demo.login', { user: 'ann', password: 'hunter22' }, items(5));
    await vi.waitFor(() => expect(leader.job(jobId)?.status).toBe('done'), { timeout: 5000 });
    expect(leaderSent).toHaveLength(5);
    expect(followerSent).toEqual([]);
    await vi.waitFor(() => expect(remote.job(jobId)).toMatchObject({ status: 'done', done: 5 }));
    expect(remote.items(jobId).map((i) => i.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
    await vi.waitFor(() => expect(finished).toHaveBeenCalledWith(expect.objectContaining({ jobId, status: 'done', done: 5 })));
    expect(statesWhenHeard).toEqual([['done', 'done', 'done', 'done', 'done']]);
    expect(remote.leaderSeen).toBe(true);
    // The secret travelled in the message only: neither tab's store holds it.
    expect(JSON.stringify(followerStore.getTables())).not.toContain('hunter22');
    expect(JSON.stringify(leader.store.getTables())).not.toContain('hunter22');
  });

  it('refuses invalid parameters at once, in the follower, without asking the leader', () => {
    const { leader, remote } = twoTabs();
    expect(() => remote.start('demo.login', { user: 'ann', password: 'x' }, items(1))).toThrow(RunnerRefusal);
    expect(leader.jobs()).toEqual([]);
  });

  it('pauses, resumes with secrets typed in the follower, and carries the leader’s refusal back as a RunnerRefusal', async () => {
    const { leader, leaderStore, leaderSent, remote, stopServing } = twoTabs();
    const jobId = remote.start('demo.login', { user: 'ann', password: 'hunter22' }, items(40));
    await vi.waitFor(() => expect(leader.job(jobId)?.status).toBe('running'));
    remote.pause(jobId);
    await vi.waitFor(() => expect(remote.job(jobId)?.status).toBe('paused'));
    expect(remote.missingSecrets(jobId)).toEqual([]); // the leader holds the secret
    // The leader tab goes; the next leader's runner holds no secret: the job waits for the operator.
    stopServing();
    const next = runnerOn(leaderStore, leaderSent);
    stops.push(serveRunner(next, CHANNEL, createBus(), 'next-leader-tab', Channel));
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
    expect(leaderSent).toHaveLength(3);
  });

  it('gives up when no tab serves', async () => {
    const { remote, stopServing } = twoTabs();
    stopServing();
    await expect(remote.resume('job-x')).rejects.toBeInstanceOf(NoLeaderError);
  });
});
