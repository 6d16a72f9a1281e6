import { describe, expect, it } from 'vitest';
import { JOURNAL_LIMIT, JOURNAL_PREFIX, OutcomeJournal } from '../../extension/src/lib/journal';
import { fakeStorage } from './fakes';

describe('outcome journal', () => {
  it('pending, then done on 2xx or failed with the status; unknown when never recorded', async () => {
    const { storage } = fakeStorage();
    const j = new OutcomeJournal(storage);
    expect(await j.lookup('a')).toEqual({ state: 'unknown' });
    await j.pending('a');
    expect(await j.lookup('a')).toEqual({ state: 'pending' });
    await j.settle('a', 201);
    expect(await j.lookup('a')).toEqual({ state: 'done', status: 201 });
    await j.pending('b');
    await j.settle('b', 400);
    expect(await j.lookup('b')).toEqual({ state: 'failed', status: 400 });
    await j.pending('c');
    await j.settle('c', 0);
    expect(await j.lookup('c')).toEqual({ state: 'failed', status: 0 });
  });

  it('pending is in storage by the time pending() resolves, and survives a new worker (a new journal on the same storage)', async () => {
    const { storage, data } = fakeStorage({ unrelated: 1 });
    const j = new OutcomeJournal(storage);
    await j.pending('w1');
    expect(data.get(`${JOURNAL_PREFIX}w1`)).toMatchObject({ state: 'pending' });
    await j.pending('w2');
    await j.settle('w2', 200);
    const restarted = new OutcomeJournal(storage);
    expect(await restarted.lookup('w1')).toEqual({ state: 'pending' });
    expect(await restarted.lookup('w2')).toEqual({ state: 'done', status: 200 });
    expect(await restarted.size()).toBe(2);
    expect(data.get('unrelated')).toBe(1);
  });

  it('keeps only the most recent entries, in storage too', async () => {
    const { storage, data } = fakeStorage();
    let t = 0;
    const j = new OutcomeJournal(storage, 3, () => ++t);
    for (const id of ['a', 'b', 'c', 'd', 'e']) await j.pending(id);
    await j.settle('c', 200); // settling keeps its place
    expect(await j.lookup('a')).toEqual({ state: 'unknown' });
    expect(await j.lookup('b')).toEqual({ state: 'unknown' });
    expect([...data.keys()].sort()).toEqual(['outcome:c', 'outcome:d', 'outcome:e']);
    await j.pending('f');
    expect(await j.lookup('c')).toEqual({ state: 'unknown' });
    const restarted = new OutcomeJournal(storage, 3);
    expect(await restarted.lookup('f')).toEqual({ state: 'pending' });
    expect(await restarted.size()).toBe(3);
  });

  it(`the default limit is 5,000 and restoring keeps the newest by record time`, async () => {
    expect(JOURNAL_LIMIT).toBe(5_000);
    const initial: Record<string, unknown> = {};
    for (let i = 0; i < 5_010; i++) initial[`${JOURNAL_PREFIX}id${i}`] = { state: 'done', status: 200, t: 10_000 - i }; // id0 is the newest
    initial[`${JOURNAL_PREFIX}junk`] = { state: 'weird', t: 1 };
    const { storage } = fakeStorage(initial);
    const j = new OutcomeJournal(storage);
    expect(await j.size()).toBe(5_000);
    expect(await j.lookup('id0')).toMatchObject({ state: 'done' });
    expect(await j.lookup('id5009')).toEqual({ state: 'unknown' });
    expect(await j.lookup('junk')).toEqual({ state: 'unknown' });
  });

  it('batches concurrent records into few storage writes, in order', async () => {
    const { storage, data, ops } = fakeStorage();
    const j = new OutcomeJournal(storage);
    await Promise.all(Array.from({ length: 1000 }, (_, i) => j.pending(`w${i}`)));
    expect(ops.set).toBeLessThanOrEqual(3);
    await Promise.all(Array.from({ length: 1000 }, (_, i) => j.settle(`w${i}`, i % 2 ? 200 : 500)));
    expect(ops.set).toBeLessThanOrEqual(6);
    expect(data.get('outcome:w1')).toMatchObject({ state: 'done', status: 200 });
    expect(data.get('outcome:w2')).toMatchObject({ state: 'failed', status: 500 });
    // pending then settle of the same id in one tick: the stored state is the last one
    await Promise.all([j.pending('x'), j.settle('x', 204)]);
    expect(data.get('outcome:x')).toMatchObject({ state: 'done', status: 204 });
  });

  it('a storage failure rejects pending() (the executor then does not send the write) and later writes still work', async () => {
    const { storage, ops } = fakeStorage();
    const j = new OutcomeJournal(storage);
    ops.fail = true;
    await expect(j.pending('a')).rejects.toThrow('quota');
    expect(await j.lookup('a')).toEqual({ state: 'unknown' });
    ops.fail = false;
    await j.pending('b');
    expect(await j.lookup('b')).toEqual({ state: 'pending' });
  });

  it('an unreadable storage is an empty journal', async () => {
    const { storage } = fakeStorage();
    storage.get = async () => { throw new Error('gone'); };
    const j = new OutcomeJournal(storage);
    expect(await j.lookup('a')).toEqual({ state: 'unknown' });
  });
});
