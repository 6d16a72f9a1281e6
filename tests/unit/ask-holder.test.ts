// The leader asks the tab holding a job's secrets to run `prepare` (tabs/ask-holder.ts): it waits as
// long as that tab answers, even when this tab's timers fire late (a background tab), and gives up
// on a tab that stopped answering.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HolderGoneError, askHolders } from '../../src/kernel/runner/tabs/ask-holder';
import type { RunnerMessage } from '../../src/kernel/runner/tabs/protocol';

const request = { jobId: 'job-1', actionId: 'page.deletePage', params: {}, items: [{ id: '1' }] };

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

/** A holder tab that answers each sending at once with `answer`, while `alive`. */
function holder(answer: (m: Extract<RunnerMessage, { kind: 'prepare' }>) => RunnerMessage | null) {
  const sent: RunnerMessage[] = [];
  const state = { alive: true };
  const ask = askHolders((m) => {
    sent.push(m);
    if (m.kind !== 'prepare' || !state.alive) return;
    const reply = answer(m);
    if (reply) queueMicrotask(() => ask.receive(reply));
  }, 'leader', { resendMs: 1000, silenceMs: 5000 });
  return { ask, sent, state };
}

const working = (m: Extract<RunnerMessage, { kind: 'prepare' }>): RunnerMessage => ({ kind: 'prepared', from: 'follower', to: m.from, id: m.id, state: 'working' });

describe('asking the holder tab for prepare', () => {
  it('keeps waiting for a holder that answers, however late this tab’s timers fire, and takes its result', async () => {
    let calls = 0;
    const { ask, sent } = holder((m) => (++calls < 4 ? working(m) : { kind: 'prepared', from: 'follower', to: m.from, id: m.id, state: 'done', value: { rechecked: true } }));
    const result = ask.prepare('follower', request, new AbortController().signal);
    // A throttled background tab: each timer fires a minute late.
    for (let i = 0; i < 3; i++) {
      vi.setSystemTime(Date.now() + 60_000);
      await vi.advanceTimersByTimeAsync(1000);
    }
    await expect(result).resolves.toEqual({ rechecked: true });
    expect(sent.every((m) => m.kind === 'prepare' && m.to === 'follower' && JSON.stringify(m.request) === JSON.stringify(request))).toBe(true);
  });

  it('gives up on a holder that stopped answering, a silence after the sending it left unanswered', async () => {
    const { ask, state } = holder(working);
    const result = ask.prepare('follower', request, new AbortController().signal);
    const gone = expect(result).rejects.toBeInstanceOf(HolderGoneError);
    await vi.advanceTimersByTimeAsync(3000);
    state.alive = false; // the tab closed: the sending at 4 s is the first it leaves unanswered
    await vi.advanceTimersByTimeAsync(5000);
    let settled = false;
    void result.catch(() => { settled = true; });
    await Promise.resolve();
    expect(settled).toBe(false); // 4 s after that sending: still waiting
    await vi.advanceTimersByTimeAsync(3000);
    await gone; // by the first timer more than 5 s after it
  });

  it('gives up at once when the tab says it holds no secret for the job, and carries prepare’s own error back', async () => {
    const unheld = holder((m) => ({ kind: 'prepared', from: 'follower', to: m.from, id: m.id, state: 'unheld' }));
    await expect(unheld.ask.prepare('follower', request, new AbortController().signal)).rejects.toBeInstanceOf(HolderGoneError);
    const failed = holder((m) => ({ kind: 'prepared', from: 'follower', to: m.from, id: m.id, state: 'failed', error: { message: 'The password you entered is incorrect.' } }));
    await expect(failed.ask.prepare('follower', request, new AbortController().signal)).rejects.toThrow('The password you entered is incorrect.');
  });
});
