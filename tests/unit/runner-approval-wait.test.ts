// A job the team's policy sends to approval (docs/TEAMS.md, "Approvals"): made to ask, it starts only as a
// job waiting for its request; once approved, the leader checks it is the exact job approved (the digest)
// and uses the approval before it runs; a rejected request ends it with the approver's comment
// (src/kernel/runner/admission.ts, runner.ts, approval-wait.ts).
import { describe, expect, it, vi } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { createBridge } from '../../src/kernel/bridge/bridge';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import { Runner } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';
import { RunnerRefusal, type JobItem } from '../../src/kernel/runner/types';
import type { ParamSchemas } from '../../src/kernel/runner/params';
import { checkApprovals, draftDigest, type ApprovalApi } from '../../src/kernel/runner/approval-wait';
import { DEFAULT_ORG_POLICY, decideJob } from '../../protocol/org-policy';
import type { ApprovalView } from '../../protocol/api/org';
import { actionMap, testAction, testPlugin } from '../harness/actions';

const plugin = testPlugin('adaccount');
const ran: string[] = [];
const remove = testAction({ id: 'adaccount.removeUser', irreversible: true }, { run: async (item) => { ran.push(String(item.id)); } });
const schemas: ParamSchemas = { schema: () => ({ type: 'object' }), validate: () => [], ready: () => true };
const silent = { async request() { return { ok: true, status: 200, headers: {}, body: {} }; } } as unknown as BridgeTransport;

function operatorRunner() {
  return new Runner({
    store: createKernelStore(), bridge: createBridge(silent), actions: () => actionMap(plugin, remove), usablePluginIds: () => new Set(['adaccount']),
    user: () => ({ role: 'user' }), clock: realClock, paceFactor: () => 0.01, flush: async () => {}, paramSchemas: schemas,
    orgPolicy: () => ({ state: 'ready', orgId: 7, role: 'operator', decide: (job) => decideJob(DEFAULT_ORG_POLICY, 'operator', job) }),
  });
}
const accounts = (n: number): JobItem[] => Array.from({ length: n }, (_, i) => ({ id: `act_${i + 1}`, name: `A${i + 1}` }));
const view = (over: Partial<ApprovalView>): ApprovalView => ({
  id: 31, status: 'pending', reason: 'irreversible', action: 'adaccount.removeUser', job: '', fbid: '', items: [], params: {}, dryRun: [], digest: '',
  requester: { userId: 2, email: 'op@example.test', name: 'Op' }, decidedBy: null, comment: '', createdAt: '', decidedAt: null, ...over,
});

describe('a job waiting for the team\'s approval', () => {
  it('is made to ask, and starts only waiting for its request: nothing runs', async () => {
    const runner = operatorRunner();
    expect(() => runner.draft('adaccount.removeUser', { uid: '5' }, accounts(2))).toThrow(RunnerRefusal);
    const made = runner.draft('adaccount.removeUser', { uid: '5' }, accounts(2), { forApproval: true, jobId: 'job-a' });
    expect(made).toMatchObject({ needsApproval: 'irreversible', org: 7 });
    expect(() => runner.start(made)).toThrow(/approval/);
    const id = runner.start({ ...made, approvalId: 31 });
    expect(runner.job(id)).toMatchObject({ status: 'paused', pauseReason: 'approval', approval: 31, org: 7 });
    await new Promise((r) => setTimeout(r, 50));
    expect(ran).toEqual([]);
  });

  it('once approved, uses the approval with the digest of exactly this job, then runs; while pending it waits', async () => {
    ran.length = 0;
    const runner = operatorRunner();
    const made = runner.draft('adaccount.removeUser', { uid: '5' }, accounts(2), { forApproval: true, jobId: 'job-b' });
    const id = runner.start({ ...made, approvalId: 32 });
    let status: ApprovalView['status'] = 'pending';
    const api: ApprovalApi = {
      approval: vi.fn(async (aid: number, org: number) => view({ id: aid, status, job: id, items: [] , digest: '', reason: 'irreversible', comment: String(org) })),
      use: vi.fn(async (aid: number) => view({ id: aid, status: 'used', job: id })),
    };
    expect(await checkApprovals(runner, api)).toBe(1);
    expect(api.use).not.toHaveBeenCalled();
    expect(vi.mocked(api.approval).mock.calls[0]).toEqual([32, 7]);
    status = 'approved';
    expect(await checkApprovals(runner, api)).toBe(0);
    expect(api.use).toHaveBeenCalledWith(32, await draftDigest(made), 7);
    await vi.waitFor(() => expect(runner.job(id)?.status).toBe('done'));
    expect(ran.sort()).toEqual(['act_1', 'act_2']);
  });

  it('a rejected request ends the job with the comment; nothing runs', async () => {
    ran.length = 0;
    const runner = operatorRunner();
    const made = runner.draft('adaccount.removeUser', { uid: '5' }, accounts(1), { forApproval: true, jobId: 'job-c' });
    const id = runner.start({ ...made, approvalId: 33 });
    const api: ApprovalApi = { approval: async () => view({ id: 33, status: 'rejected', comment: 'not this week' }), use: vi.fn() };
    await checkApprovals(runner, api);
    expect(runner.job(id)).toMatchObject({ status: 'cancelled', error: 'rejected: not this week' });
    expect(api.use).not.toHaveBeenCalled();
    expect(ran).toEqual([]);
  });
});
