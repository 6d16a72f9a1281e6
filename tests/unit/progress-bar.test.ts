// The thin loading bar (src/kernel/shell/progress.ts): shown only for a load still running after
// PROGRESS_SHOW_AFTER_MS, its code loaded then; a quick load shows nothing; nested loads count.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doneProgress, PROGRESS_SHOW_AFTER_MS, startProgress } from '../../src/kernel/shell/progress';

const barShown = () => document.querySelector('.bprogress') !== null;

afterEach(() => { vi.useRealTimers(); });

describe('the loading bar', () => {
  it('a load that ends before the delay shows no bar', async () => {
    vi.useFakeTimers();
    startProgress();
    await vi.advanceTimersByTimeAsync(PROGRESS_SHOW_AFTER_MS - 50);
    doneProgress();
    await vi.advanceTimersByTimeAsync(1000);
    expect(barShown()).toBe(false);
  });

  it('a slow load shows the bar until the last of nested loads ends', async () => {
    startProgress();
    startProgress();
    await vi.waitFor(() => expect(barShown()).toBe(true), { timeout: 5000 });
    doneProgress();
    expect(barShown()).toBe(true);
    doneProgress();
    // BProgress removes the bar after its fade-out
    await vi.waitFor(() => expect(barShown()).toBe(false), { timeout: 5000 });
  });
});
