// Job records carry the job's parameters and each item's own values for the audit log (docs/TEAMS.md,
// src/kernel/runner/job-records.ts), and never a secret: a `writeOnly` field is absent from every request
// sent, whether the job kept it in memory, the action's schema names it, or an item carries it among its
// own values. Jobs and items stored before parameters were sent go as they are. A job's records go to the
// team it ran in (its `org`), a job of one's own work or kept before teams to none.
import { describe, expect, it } from 'vitest';
import { JobRecordsReporter, publicParams } from '../../src/kernel/runner/job-records';
import { ITEMS, JOBS, JobStore } from '../../src/kernel/runner/job-store';
import { splitSecrets } from '../../src/kernel/runner/draft';
import { secretFields } from '../../src/kernel/runner/params';
import { createKernelStore } from '../../src/kernel/store/store';
import type { JobRecordsBody } from '../../protocol/api';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    apiKey: { type: 'string', writeOnly: true },
    password: { type: 'string', writeOnly: true, 'x-tessera-secret': 'prepare' },
  },
};

function jobWith(jobs: JobStore, params: Record<string, unknown>, secretNames: string[], itemParams: (Record<string, unknown> | undefined)[], org = 0) {
  jobs.create('job-1', {
    actionId: 'adaccount.rename', pluginId: 'adaccount', status: 'running', pauseReason: '', pauseMessage: '', params: JSON.stringify(params), secretFields: JSON.stringify(secretNames),
    error: '', errorFields: '[]', settling: 0, settlingUntil: 0, total: itemParams.length, done: 0, failed: 0, skipped: 0, unknown: 0, createdAt: 1, startedAt: 1, updatedAt: 1,
    finishedAt: 0, dryRun: false, startedBy: 'op', undoOf: '', fbid: '100012345', org, approval: 0,
  }, itemParams.map((own, i) => ({
    jobId: 'job-1', index: i, itemId: `act_${i}`, item: JSON.stringify({ id: `act_${i}`, index: i, ...(own ? { params: own } : {}) }), state: 'pending' as const, attempts: 1,
    message: '', output: '', scope: '', requestId: '', deadline: 0, finishedAt: 0, before: JSON.stringify({ name: 'Old' }), after: JSON.stringify({ name: 'New' }), record: 'write' as const,
  })));
  itemParams.forEach((_, i) => jobs.patchItem(`job-1:${String(i).padStart(7, '0')}`, { state: 'done' }));
}

async function sentBodies(jobs: JobStore, secretNames?: (actionId: string) => readonly string[], orgs: (number | null)[] = []): Promise<JobRecordsBody[]> {
  const sent: JobRecordsBody[] = [];
  const reporter = new JobRecordsReporter(jobs, {
    platformUserId: () => null, gatherMs: 0, retryMs: 1_000_000, secretNames,
    send: async (body, org) => { orgs.push(org); sent.push(JSON.parse(JSON.stringify(body)) as JobRecordsBody); return { acknowledged: body.items.length, added: body.items.length }; },
  });
  await reporter.flush();
  reporter.stop();
  return sent;
}

describe('job records: parameters without secrets', () => {
  it('a writeOnly field is absent from what is sent: the job as the runner stores it (secrets split off)', async () => {
    const jobs = new JobStore(createKernelStore(), () => Date.now());
    const names = secretFields(SCHEMA);
    expect(names).toEqual(['apiKey', 'password']);
    const { stored, secrets } = splitSecrets({ name: 'ACME {n}', apiKey: 'KEY-123-secret', password: 'hunter2-secret' }, names);
    expect(secrets).toEqual({ apiKey: 'KEY-123-secret', password: 'hunter2-secret' });
    jobWith(jobs, stored, Object.keys(secrets), [undefined, { name: 'Own name' }]);
    const [body, ...more] = await sentBodies(jobs, () => names);
    expect(more).toEqual([]);
    expect(body!.params).toEqual({ name: 'ACME {n}' });
    expect(body!.items.map((i) => i.params)).toEqual([undefined, { name: 'Own name' }]);
    const text = JSON.stringify(body);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('apiKey');
    expect(text).not.toContain('password');
  });

  it('a secret the job kept in memory, or the schema marks writeOnly, is dropped even where it should never have been', async () => {
    const jobs = new JobStore(createKernelStore(), () => Date.now());
    // as if a stored job or an imported row carried secrets: the names the job kept, and the schema's
    jobWith(jobs, { name: 'N', apiKey: 'leak-1' }, ['apiKey'], [{ password: 'leak-2', name: 'Row' }, { apiKey: 'leak-3' }]);
    const [body] = await sentBodies(jobs, () => secretFields(SCHEMA));
    expect(body!.params).toEqual({ name: 'N' });
    expect(body!.items.map((i) => i.params)).toEqual([{ name: 'Row' }, undefined]);
    expect(JSON.stringify(body)).not.toMatch(/leak|apiKey|password/);
    // without the schema's names, the job's own list still keeps apiKey out
    const jobs2 = new JobStore(createKernelStore(), () => Date.now());
    jobWith(jobs2, { name: 'N', apiKey: 'leak-1' }, ['apiKey'], [{ apiKey: 'leak-3', name: 'Row' }]);
    expect(JSON.stringify(await sentBodies(jobs2))).not.toContain('leak');
  });

  it('parameters the server would refuse (over 4 KiB, over 100 names) are left out; the records still go', async () => {
    expect(publicParams({ big: 'x'.repeat(5000) }, [])).toBeNull();
    expect(publicParams(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, i])), [])).toBeNull();
    expect(publicParams({ only: 's' }, ['only'])).toBeNull();
    const jobs = new JobStore(createKernelStore(), () => Date.now());
    jobWith(jobs, { big: 'x'.repeat(5000) }, [], [{ big: 'y'.repeat(5000) }]);
    const [body] = await sentBodies(jobs);
    expect(body).not.toHaveProperty('params');
    expect(body!.items).toHaveLength(1);
    expect(body!.items[0]).not.toHaveProperty('params');
  });

  it('a job stored before parameters were sent (no secretFields, no params cell) loads and is sent without params', async () => {
    const store = createKernelStore();
    // the rows as an older page kept them: only the cells it knew
    store.setRow(JOBS, 'job-old', {
      actionId: 'adaccount.rename', pluginId: 'adaccount', status: 'done', pauseReason: '', pauseMessage: '', total: 1, done: 1, failed: 0, skipped: 0, unknown: 0,
      createdAt: 1, startedAt: 1, updatedAt: 1, finishedAt: 2, dryRun: false, fbid: '100012345',
    });
    store.setRow(ITEMS, 'job-old:0000000', {
      jobId: 'job-old', index: 0, itemId: 'act_9', item: JSON.stringify({ id: 'act_9' }), state: 'done', attempts: 1, message: '', requestId: '', deadline: 0, finishedAt: 2, record: 'due',
      before: JSON.stringify({ name: 'A' }), after: JSON.stringify({ name: 'B' }),
    });
    const jobs = new JobStore(store, () => Date.now());
    const orgs: (number | null)[] = [];
    const bodies = await sentBodies(jobs, () => ['apiKey'], orgs);
    expect(orgs).toEqual([null]);
    expect(bodies).toEqual([{
      job: 'job-old', action: 'adaccount.rename', fbid: '100012345',
      items: [{ item: 'act_9', attempt: 0, object: 'act_9', outcome: 'done', before: { name: 'A' }, after: { name: 'B' } }],
    }]);
    expect(store.getCell(ITEMS, 'job-old:0000000', 'record')).toBe('sent');
  });

  it('a job\'s records go to the team it ran in; one\'s own work to none', async () => {
    const jobs = new JobStore(createKernelStore(), () => Date.now());
    jobWith(jobs, { name: 'N' }, [], [undefined], 42);
    const orgs: (number | null)[] = [];
    expect(await sentBodies(jobs, undefined, orgs)).toHaveLength(1);
    expect(orgs).toEqual([42]);
    const own = new JobStore(createKernelStore(), () => Date.now());
    jobWith(own, { name: 'N' }, [], [undefined], 0);
    const none: (number | null)[] = [];
    await sentBodies(own, undefined, none);
    expect(none).toEqual([null]);
  });
});
