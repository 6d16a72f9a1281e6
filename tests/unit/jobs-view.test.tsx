import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { JobsView } from '../../src/kernel/runner/JobsView';
import { useRunner } from '../../src/kernel/runner/RunnerHost';
import type { JobItem } from '../../src/kernel/runner/types';

let runner: ReturnType<typeof useRunner> | null = null;
function Screen() {
  runner = useRunner();
  return <JobsView />;
}

const plugin = inlinePlugin({
  id: 'probe',
  actions: [{ verb: 'touch', target: 'adaccount', run: async (item: JobItem) => { if (item.id !== 'act_1') throw new Error(`refused ${item.id}`); } }],
  routes: [{ path: '/probe/index', component: async () => ({ default: Screen }) }],
});

describe('the jobs panel', () => {
  it('says a finished job with failures is done with N of M failed in a warning colour, and lists items by name and full id from a visible control', async () => {
    await renderWithKernel({ plugins: [plugin], route: '/probe/index', locale: 'en-US' });
    await waitFor(() => expect(runner).not.toBeNull());
    act(() => { runner!.start('probe.touch', {}, [{ id: 'act_1', name: 'First' }, { id: 'act_2', name: 'Second' }, { id: 'act_3', name: 'Third' }], { maxAttempts: 1 } as never); });
    const status = await screen.findByTestId('job-status');
    await waitFor(() => expect(status.textContent).toBe('Done — 2 of 3 failed'), { timeout: 5000 });
    expect(status.className).toMatch(/intent-warning/);
    expect(screen.queryByText('act_2')).toBeNull(); // items closed until asked for
    fireEvent.click(screen.getByTestId('job-items-toggle'));
    const items = await screen.findByText('Second');
    const row = items.closest('[data-row-id]') as HTMLElement;
    expect(within(row).getByText('act_2')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Copy act_2' })).toBeTruthy();
    expect(screen.getByTestId('job-items-toggle').textContent).toBe('Hide the items');

    // "Retry with changes" opens the action's dialog for the failed items only
    fireEvent.click(screen.getByTestId('job-retry-changed'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/2 items selected/);
  });
});
