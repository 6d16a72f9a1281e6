// Jobs read like a history (issue 31): a job's items are named as the operator knows the objects
// ("Acme US → jane@example.com", never the runner's `<id>|<entry>` key), and why an item failed is
// in the second column of the items table, inside the drawer's default width, whole in its detail.
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { inlinePlugin } from '../harness/inline-plugin';
import { JobsView } from '../../src/kernel/runner/JobsView';
import { useRunner } from '../../src/kernel/runner/RunnerHost';
import i18next from 'i18next';
import { itemText, itemWords, resultRows } from '../../src/kernel/runner/results';
import { itemMessageText } from '../../src/kernel/runner/item-message';
import en from '../../src/kernel/i18n/locales/en-US.json';
import zh from '../../src/kernel/i18n/locales/zh-CN.json';
import { itemRowId } from '../../src/kernel/runner/job-store';
import { dryRun } from '../../src/kernel/runner/dry-run';
import type { Bridge } from '../../src/kernel/bridge/bridge';

const REASON = 'The person already has a role on this ad account, so the platform refused to add them again (code 1487390).';

let runner: ReturnType<typeof useRunner> | null = null;
function Screen() {
  runner = useRunner();
  return <JobsView />;
}

const plugin = inlinePlugin({
  id: 'probe',
  actions: [{ verb: 'grant', target: 'adaccount', run: async () => {} }],
  routes: [{ path: '/probe/index', component: async () => ({ default: Screen }) }],
});

/** A finished pair job as the runner keeps it: one account × three emails, the second refused, the third cancelled. */
function keepPairJob() {
  const store = runner!.store;
  store.setRow('jobs', 'pairs', {
    actionId: 'probe.grant', pluginId: 'probe', status: 'done', pauseReason: '', pauseMessage: '', params: '{"emails":["jane@example.com","bob@example.com","sam@example.com"]}', secretFields: '[]',
    error: '', errorFields: '[]', total: 3, done: 1, failed: 1, skipped: 1, unknown: 0, createdAt: 1, startedAt: 1, updatedAt: 2, finishedAt: 2, dryRun: false,
  });
  [['jane@example.com', 'done', ''], ['bob@example.com', 'failed', REASON], ['sam@example.com', 'skipped', 'cancelled']].forEach(([pair, state, message], index) => store.setRow('items', itemRowId('pairs', index), {
    jobId: 'pairs', index, itemId: `act_1|${pair}`, item: JSON.stringify({ id: 'act_1', name: 'Acme US', index: 0, pair }), state, attempts: 1, message, output: '', scope: 'act_1', requestId: '', deadline: 0, finishedAt: 2,
  }));
}

const stored = (item: unknown, itemId: string) => ({ item: typeof item === 'string' ? item : JSON.stringify(item), itemId });

describe('a job item in words', () => {
  it('is the object\'s name, its id apart, and the paired entry after an arrow; the id only when it has no name', () => {
    const pair = itemWords(stored({ id: 'act_1', name: 'Acme US', pair: 'jane@example.com', index: 0 }, 'act_1|jane@example.com'));
    expect(pair).toEqual({ name: 'Acme US', id: 'act_1', pair: 'jane@example.com' });
    expect(itemText(pair)).toBe('Acme US → jane@example.com');
    expect(itemText(itemWords(stored({ id: 'act_2', pair: 'bob@example.com' }, 'act_2|bob@example.com')))).toBe('act_2 → bob@example.com');
    expect(itemText(itemWords(stored({ id: '12', label: 'Spring sale' }, '12')))).toBe('Spring sale');
    // an entry that resolved to nothing is named by what was typed
    expect(itemWords(stored({ text: 'Old shop' }, 'Old shop'))).toEqual({ name: 'Old shop', id: '', pair: '' });
    // an item the job could not keep readable falls back to its key
    expect(itemWords(stored('{not json', 'act_9|x'))).toEqual({ name: '', id: 'act_9|x', pair: '' });
  });

  it('reads the same in the dry run\'s preview: the object, its id, then the entry after an arrow', async () => {
    const item = { id: 'act_1', name: 'Acme US', pair: 'jane@example.com' };
    const preview = await dryRun({ handlers: { run: async () => {} }, params: {}, planned: [{ itemId: 'act_1|jane@example.com', item }], batched: false, bridge: {} as Bridge, count: 0 });
    expect(preview.effects[0].label).toBe('Acme US (act_1) → jane@example.com');
  });

  it('words the runner\'s own notes in the operator\'s language, settling\'s too, and leaves the platform\'s as they are', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'zh-CN', resources: { 'en-US': { translation: en }, 'zh-CN': { translation: zh } } });
    const zhT = i18n.getFixedT('zh-CN');
    const enT = i18n.getFixedT('en-US');
    expect(itemMessageText('cancelled', zhT)).toBe('发送前已取消');
    expect(itemMessageText('settled: verified', enT)).toBe('Done: checked on the platform after a reload');
    expect(itemMessageText('settled: done', zhT)).toBe('已完成：重新加载后已确认');
    expect(itemMessageText('unknown — check (timeout)', zhT)).toBe('已发送，但不确定是否生效：请检查 (timeout)');
    expect(itemMessageText(REASON, zhT)).toBe(REASON);
  });

  it('numbers result lines as the operator counts them, one per output row', () => {
    const base = { jobId: 'j', attempts: 1, message: '', scope: '', requestId: '', deadline: 0, finishedAt: 1, state: 'done' as const };
    const rows = resultRows([
      { ...base, rowId: 'j:0000000', index: 0, itemId: 'a', item: '{"id":"a","name":"A"}', output: '[{"n":1},{"n":2}]' },
      { ...base, rowId: 'j:0000001', index: 1, itemId: 'b', item: '{"id":"b"}', output: '' },
    ]);
    expect(rows.map((r) => r.line)).toEqual(['#1.1', '#1.2', '#2']);
    expect(rows.map((r) => itemText(r.words))).toEqual(['A', 'A', 'b']);
  });
});

describe('the items of a pair job in the jobs panel', () => {
  it('names each pair by the object and the entry, shows the failure reason right after it within the drawer\'s width, and opens the whole reason', async () => {
    await renderWithKernel({ plugins: [plugin], route: '/probe/index', locale: 'en-US' });
    await waitFor(() => expect(runner).not.toBeNull());
    act(keepPairJob);
    await waitFor(() => expect(screen.getByTestId('job-status').textContent).toBe('Done — 1 of 3 failed'), { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('job-items-toggle'));
    const objects = await screen.findAllByTestId('job-item-object', undefined, { timeout: 10_000 });
    // the account and its id on one line, the person after an arrow on the next
    expect(objects.map((o) => [...o.querySelectorAll('.tessera-job-item__line')].map((l) => l.textContent))).toEqual([['Acme USact_1', '→ jane@example.com'], ['Acme USact_1', '→ bob@example.com'], ['Acme USact_1', '→ sam@example.com']]);
    expect(objects[1].getAttribute('title')).toBe('Acme US → bob@example.com (act_1)');
    const table = document.querySelector('.tessera-job-items') as HTMLElement;
    expect(table.textContent).not.toContain('|');

    // the reason is in the cell right after the object's, not at the far end of the row
    const failedRow = objects[1].closest('[data-row-id]') as HTMLElement;
    expect(failedRow.getAttribute('data-row-id')).toBe('#2');
    const cells = [...failedRow.querySelectorAll<HTMLElement>('[role="gridcell"]')];
    const reasonAt = cells.findIndex((c) => c.querySelector('[data-testid="job-item-reason"]'));
    expect(cells[reasonAt - 1].querySelector('[data-testid="job-item-object"]')).not.toBeNull();
    const reason = within(cells[reasonAt]).getByTestId('job-item-reason');
    expect(reason.textContent).toBe(REASON);
    expect(reason.getAttribute('title')).toBe(REASON);
    expect(reason.className).toMatch(/tessera-job-reason--failed/);
    // a cancelled item says so in words, not as a failure
    const cancelled = within(objects[2].closest('[data-row-id]') as HTMLElement).getByTestId('job-item-reason');
    expect(cancelled.textContent).toBe('Cancelled before it was sent');
    expect(cancelled.className).not.toMatch(/--failed/);
    // everything up to the reason's right edge fits the drawer at 1280 px (60%, less its padding)
    const upToReason = cells.slice(0, reasonAt + 1).reduce((sum, c) => sum + (parseFloat(c.style.width) || 0), 0);
    expect(upToReason).toBeGreaterThan(300); // the cells carry their widths
    expect(upToReason).toBeLessThanOrEqual(0.6 * 1280 - 24 - 58);

    // opening the row shows the whole reason, wrapped, under the table
    fireEvent.click(within(failedRow).getByRole('button', { name: 'Open details of Acme US → bob@example.com' }));
    const detail = await screen.findByTestId('job-item-detail');
    expect(detail.textContent).toContain('Acme US → bob@example.com · Failed');
    expect(detail.textContent).toContain('ID act_1');
    expect(detail.textContent).toContain(REASON);
    fireEvent.click(within(detail).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('job-item-detail')).toBeNull();
  });
});
