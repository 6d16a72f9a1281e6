import type { Snapshot } from '@kernel';
import type { MoneyTotals } from './money-totals';

type T = (key: string, values?: Record<string, unknown>) => string;

/** Pixels per currency row of the spend chart (two bars), so every currency keeps its label. */
const ROW_PX = 26;

/** The spend chart's height for `currencies` rows: every currency labelled, none skipped. */
export function moneyChartHeight(currencies: number): number {
  return Math.max(180, 76 + currencies * ROW_PX);
}

/**
 * Spend and balance per currency, in US dollars so the bars compare (a currency without ratios shows 0).
 * The currencies run down the side, one labelled row each (`interval: 0`: ECharts otherwise drops labels
 * that would touch, every other currency on a narrow card); the legend sits above the plot and the
 * dollar axis is named below it, so neither covers a label.
 */
export function moneyChartOption(money: MoneyTotals, t: T) {
  const rows = money.byCurrency;
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, left: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 40, containLabel: true },
    yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.currency), axisLabel: { interval: 0 }, axisTick: { interval: 0 } },
    xAxis: { type: 'value', name: t('widgets.charts.usd'), nameLocation: 'middle', nameGap: 28, axisLabel: { hideOverlap: true } },
    series: [
      { name: t('widgets.byStatus.spent'), type: 'bar', data: rows.map((r) => Math.round(r.spentUsd * 100) / 100) },
      { name: t('widgets.byStatus.balance'), type: 'bar', data: rows.map((r) => Math.round(r.balanceUsd * 100) / 100) },
    ],
  };
}

/** Accounts by status per day, from the list's daily snapshots (two days or more): one stacked area per status seen. */
export function statusHistoryOption(snapshots: readonly Snapshot[], label: (status: string) => string) {
  const statuses = [...new Set(snapshots.flatMap((s) => Object.keys(s.counts)))].sort((a, b) => Number(a) - Number(b));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, left: 0, type: 'scroll' },
    // the legend's row (about 24 px) above the plot, and the top value label inside the plot's margin
    grid: { left: 8, right: 16, top: 44, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: snapshots.map((s) => s.day) },
    yAxis: { type: 'value', minInterval: 1 },
    series: statuses.map((status) => ({
      name: label(status), type: 'line', stack: 'accounts', areaStyle: {}, data: snapshots.map((s) => s.counts[status] ?? 0),
    })),
  };
}
