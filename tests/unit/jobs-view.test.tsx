import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { JobsView } from '../../src/kernel/runner/JobsView';
import { useRunner } from '../../src/kernel/runner/RunnerHost';
import type { JobItem } from '../../src/kernel/runner/types';
import { itemRowId } from '../../src/kernel/runner/job-store';

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
    // the job's card comes once its action's code is in: on a busy machine that can take more than a second
    const status = await screen.findByTestId('job-status', undefined, { timeout: 5000 });
    await waitFor(() => expect(status.textContent).toBe('Done — 2 of 3 failed'), { timeout: 5000 });
    expect(status.className).toMatch(/intent-warning/);
    expect(screen.queryByText('act_2')).toBeNull(); // items closed until asked for
    fireEvent.click(screen.getByTestId('job-items-toggle'));
    const items = await screen.findByText('Second');
    const row = items.closest('[data-row-id]') as HTMLElement;
    // the id twice: small after the name, and in the ID column with its copy button
    expect(within(row).getAllByText('act_2')).toHaveLength(2);
    expect(within(row).getByRole('button', { name: 'Copy act_2' })).toBeTruthy();
    expect(screen.getByTestId('job-items-toggle').textContent).toBe('Hide the items');

    // "Retry with changes" opens the action's dialog for the failed items only
    fireEvent.click(screen.getByTestId('job-retry-changed'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/2 items selected/);
  });

  for (const [locale, expected] of [
    ['en-US', 'Nothing was sent: the job\'s settings need fixing. uid: This value is not accepted: check it against the hint below the field; This value is not accepted'],
    ['zh-CN', '未发送任何请求：任务的参数需要修改。uid: 应当匹配模式 "^\\d+$"; 此值无效'],
  ] as const) {
    it(`words a job whose parameters were refused before any send in the operator's language (${locale}), not the runner's log line`, async () => {
      runner = null;
      await renderWithKernel({ plugins: [plugin], route: '/probe/index', locale });
      await waitFor(() => expect(runner).not.toBeNull());
      const fields = [
        { field: 'uid', message: 'must match pattern "^\\d+$"', error: { keyword: 'pattern', instancePath: '/uid', schemaPath: '#/properties/uid/pattern', params: { pattern: '^\\d+$' }, message: 'must match pattern "^\\d+$"' } },
        { field: '', message: 'is invalid', key: 'kernel:runner.invalidValue' },
      ];
      act(() => {
        runner!.store.setRow('jobs', 'refused', {
          actionId: 'probe.touch', pluginId: 'probe', status: 'failed', pauseReason: '', pauseMessage: '', params: '{}', secretFields: '[]',
          error: 'the parameters are not valid: uid: must match pattern', errorFields: JSON.stringify(fields),
          total: 2, done: 0, failed: 0, skipped: 2, unknown: 0, createdAt: 1, startedAt: 1, updatedAt: 1, finishedAt: 2, dryRun: false,
        });
        ['act_1', 'act_2'].forEach((id, index) => runner!.store.setRow('items', itemRowId('refused', index), {
          jobId: 'refused', index, itemId: id, item: JSON.stringify({ id, name: id }), state: 'skipped', attempts: 0, message: 'refused', output: '', scope: '', requestId: '', deadline: 0, finishedAt: 2,
        }));
      });
      const callout = await screen.findByTestId('job-error');
      expect(callout.textContent).toContain(expected);
      expect(callout.textContent).not.toContain('the parameters are not valid');
      // the fields are fixed where they are marked: the action's dialog, for the items that were not sent
      fireEvent.click(screen.getByTestId('job-retry-changed'));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toMatch(locale === 'en-US' ? /2 items selected/ : /已选择 2 项/);
    });
  }
});
