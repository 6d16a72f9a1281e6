import { useMemo } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Chart, HistorySoFar, ListNotCached, useCacheLoadState, useSnapshots, type WidgetProps } from '@kernel';
import { statusKey } from '../mappings';
import { statusHistoryOption } from './chart-options';
import { ADACCOUNT_CACHE_KEY, STATUS_SERIES } from './keys';

/**
 * Ad accounts by status over time: the snapshots the list records in this operator's store each day it
 * loads. With one day only it shows that day's counts and says how little history there is (one lonely
 * bar said nothing); under a week the chart says so above it.
 */
export default function StatusHistory({ open }: WidgetProps) {
  const { t, i18n } = useTranslation('adaccount');
  const snapshots = useSnapshots(STATUS_SERIES);
  const loadState = useCacheLoadState(ADACCOUNT_CACHE_KEY);
  const days = useMemo(() => snapshots.filter((s) => Object.keys(s.counts).length > 0), [snapshots]);
  const label = (s: string) => t(statusKey(s === 'unknown' ? null : Number(s)));
  const option = useMemo(() => (days.length > 1 ? statusHistoryOption(days, label) : null), [days, t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  if (days.length === 0) return <ListNotCached state={loadState} onOpen={() => open('/adaccount/index')} icon="timeline-line-chart" text={t('widgets.statusHistory.empty')} loadText={t('widgets.byStatus.load')} />;
  if (!option) {
    const [day] = days;
    const rows = Object.entries(day.counts).sort((a, b) => b[1] - a[1]);
    return (
      <div data-testid="widget-adaccount-status-history" data-days={1}>
        <HistorySoFar days={1} />
        <HTMLTable compact striped className="tessera-history-day">
          <caption className="bp6-text-muted">{new Date(`${day.day}T00:00:00`).toLocaleDateString(i18n.language)}</caption>
          <tbody>{rows.map(([status, n]) => <tr key={status}><td>{label(status)}</td><td>{n.toLocaleString(i18n.language)}</td></tr>)}</tbody>
        </HTMLTable>
      </div>
    );
  }
  return (
    <div data-testid="widget-adaccount-status-history" data-days={days.length}>
      <HistorySoFar days={days.length} />
      <Chart option={option} height={240} autoResize label={t('widgets.statusHistory.title')} />
    </div>
  );
}
