import type { Snapshot } from '@kernel';
import type { MoneyTotals } from './money-totals';

type T = (key: string, values?: Record<string, unknown>) => string;

/** Spend and balance per currency, in US dollars so the bars compare (a currency without ratios shows 0). */
export function moneyChartOption(money: MoneyTotals, t: T) {
  const rows = money.byCurrency;
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => r.currency) },
    yAxis: { type: 'value', name: t('widgets.charts.usd') },
    series: [
      { name: t('widgets.byStatus.spent'), type: 'bar', data: rows.map((r) => Math.round(r.spentUsd * 100) / 100) },
      { name: t('widgets.byStatus.balance'), type: 'bar', data: rows.map((r) => Math.round(r.balanceUsd * 100) / 100) },
    ],
  };
}

/** Accounts by status per day, from the list's daily snapshots: one line per status seen. */
export function statusHistoryOption(snapshots: readonly Snapshot[], label: (status: string) => string) {
  const statuses = [...new Set(snapshots.flatMap((s) => Object.keys(s.counts)))].sort((a, b) => Number(a) - Number(b));
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: snapshots.map((s) => s.day) },
    yAxis: { type: 'value', minInterval: 1 },
    series: statuses.map((status) => ({
      name: label(status), type: snapshots.length > 1 ? 'line' : 'bar', stack: 'accounts', areaStyle: snapshots.length > 1 ? {} : undefined,
      data: snapshots.map((s) => s.counts[status] ?? 0),
    })),
  };
}
