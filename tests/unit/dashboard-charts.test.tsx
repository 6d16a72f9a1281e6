import { describe, expect, it } from 'vitest';
import { createKernelStore } from '../../src/kernel/store/store';
import { countBy, dayOf, readSnapshots, recordSnapshot, SNAPSHOT_DAYS } from '../../src/kernel/store/snapshots';
import { jobsByOutcome, jobsChartOption } from '../../src/kernel/shell/dashboard/job-outcomes';
import { moneyChartHeight, moneyChartOption, statusHistoryOption } from '../../plugins/adaccount/widgets/chart-options';
import { moneyTotals } from '../../plugins/adaccount/widgets/money-totals';
import { isDeactivated } from '../../plugins/page/widgets/Overview';
import type { JobRow } from '../../src/kernel/runner/types';
import type { AdAccount } from '../../plugins/adaccount/types';

const DAY = 24 * 3600 * 1000;
const at = (iso: string) => new Date(iso).getTime();

describe('list snapshots (account status over time)', () => {
  it('keeps one snapshot per series and day (the last), oldest first, at most SNAPSHOT_DAYS days', () => {
    const store = createKernelStore();
    recordSnapshot(store, 'adaccount.status', { 1: 5, 2: 1 }, at('2026-03-01T08:00:00'));
    recordSnapshot(store, 'adaccount.status', { 1: 4, 2: 2 }, at('2026-03-01T18:00:00'));
    recordSnapshot(store, 'page.state', { x: 1 }, at('2026-03-01T18:00:00'));
    recordSnapshot(store, 'adaccount.status', { 1: 3 }, at('2026-02-27T12:00:00'));
    const list = readSnapshots(store, 'adaccount.status');
    expect(list.map((s) => [s.day, s.counts])).toEqual([['2026-02-27', { 1: 3 }], ['2026-03-01', { 1: 4, 2: 2 }]]);

    for (let i = 0; i < SNAPSHOT_DAYS + 5; i++) recordSnapshot(store, 'adaccount.status', { 1: i }, at('2026-04-01T12:00:00') + i * DAY);
    const bounded = readSnapshots(store, 'adaccount.status');
    expect(bounded).toHaveLength(SNAPSHOT_DAYS);
    expect(bounded.at(-1)!.counts).toEqual({ 1: SNAPSHOT_DAYS + 4 });
    expect(readSnapshots(store, 'page.state')).toHaveLength(1); // another series is left alone
  });

  it('skips damaged rows and counts rows by a key', () => {
    const store = createKernelStore();
    store.setRow('snapshots', 'adaccount.status@2026-01-01', { series: 'adaccount.status', day: '2026-01-01', counts: '{oops' });
    expect(readSnapshots(store, 'adaccount.status')).toEqual([]);
    expect(countBy([{ s: 1 }, { s: 2 }, { s: 1 }], (r) => String(r.s))).toEqual({ 1: 2, 2: 1 });
  });

  it('draws one stacked series per status seen, labelled in the operator\'s words', () => {
    const store = createKernelStore();
    recordSnapshot(store, 's', { 1: 3, 2: 1 }, at('2026-03-01T12:00:00'));
    recordSnapshot(store, 's', { 1: 2, 9: 1 }, at('2026-03-02T12:00:00'));
    const option = statusHistoryOption(readSnapshots(store, 's'), (s) => `status ${s}`);
    expect(option.xAxis.data).toEqual(['2026-03-01', '2026-03-02']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([['status 1', [3, 2]], ['status 2', [1, 0]], ['status 9', [0, 1]]]);
  });
});

const job = (status: JobRow['status'], when: string): JobRow => ({
  id: `${status}-${when}`, actionId: 'a.b', pluginId: 'a', status, pauseReason: null as never, pauseMessage: '', params: '{}', secretFields: '[]', error: '', errorFields: '[]', settling: 0, settlingUntil: 0,
  total: 1, done: 0, failed: 0, skipped: 0, unknown: 0, createdAt: at(when), startedAt: at(when), updatedAt: at(when), finishedAt: status === 'done' || status === 'failed' ? at(when) : 0, dryRun: false, startedBy: '', undoOf: '', fbid: '', org: 0, approval: 0,
});

describe('jobs by outcome over time', () => {
  it('counts the runner\'s jobs per day and outcome, and draws only the outcomes that happened', () => {
    const data = jobsByOutcome([job('done', '2026-03-02T10:00:00'), job('failed', '2026-03-02T11:00:00'), job('done', '2026-03-01T10:00:00'), job('paused', '2026-03-02T12:00:00')]);
    expect(data.days).toEqual(['2026-03-01', '2026-03-02']);
    expect(data.counts.done).toEqual([1, 1]);
    expect(data.counts.failed).toEqual([0, 1]);
    expect(data.counts.paused).toEqual([0, 1]);
    const option = jobsChartOption(data, (s) => s.toUpperCase());
    expect(option.series.map((s) => s.name)).toEqual(['DONE', 'FAILED', 'PAUSED']);
    expect(jobsByOutcome([]).days).toEqual([]);
    expect(dayOf(at('2026-03-02T23:59:00'))).toBe('2026-03-02');
  });
});

describe('the adaccount and page widgets\' figures', () => {
  it('compares spend and balance per currency in dollars', () => {
    const acc = (currency: string, spent: string, balance: string, ratio?: number) => ({ id: currency, currency, amount_spent: spent, balance, account_currency_ratio_to_usd: ratio, account_status: 1 }) as unknown as AdAccount;
    const option = moneyChartOption(moneyTotals([acc('JPY', '15000', '3000', 150), acc('USD', '1050', '200', 1)]), (k) => k);
    // every currency labelled (interval 0: none skipped), down the side; the legend above the plot, the dollar axis named below it
    expect(option.yAxis.data).toEqual(['JPY', 'USD']);
    expect(option.yAxis.axisLabel.interval).toBe(0);
    expect(option.legend.top).toBe(0);
    expect(option.xAxis).toMatchObject({ nameLocation: 'middle' });
    expect(option.grid.top).toBeGreaterThanOrEqual(32);
    expect(moneyChartHeight(30)).toBeGreaterThanOrEqual(30 * 24);
    expect(option.series[0].data).toEqual([100, 10.5]);
    expect(option.series[1].data).toEqual([20, 2]);
  });

  it('counts a page as deactivated from the newest of its deactivate or state results', () => {
    const now = at('2026-03-05T00:00:00');
    const set = (until: string, when: string) => ({ value: { until }, at: at(when) });
    const read = (deactivated: boolean, when: string) => ({ value: { deactivated }, at: at(when) });
    expect(isDeactivated(undefined, now)).toBe(false);
    expect(isDeactivated({ 'page.deactivate': set('2026-03-08T00:00:00Z', '2026-03-01T00:00:00') }, now)).toBe(true);
    expect(isDeactivated({ 'page.deactivate': set('2026-03-02T00:00:00Z', '2026-02-24T00:00:00') }, now)).toBe(false); // ran out
    expect(isDeactivated({ 'page.deactivate': set('2026-03-08T00:00:00Z', '2026-03-01T00:00:00'), 'page.deactivationState': read(false, '2026-03-02T00:00:00') }, now)).toBe(false);
    expect(isDeactivated({ 'page.deactivationState': read(true, '2026-03-02T00:00:00') }, now)).toBe(true);
  });
});
