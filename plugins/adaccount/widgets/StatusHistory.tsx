import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart, ListNotCached, useCacheLoadState, useSnapshots, type WidgetProps } from '@kernel';
import { statusKey } from '../mappings';
import { statusHistoryOption } from './chart-options';
import { ADACCOUNT_CACHE_KEY, STATUS_SERIES } from './keys';

/** Ad accounts by status over time: the snapshots the list records in this operator's store each day it loads. */
export default function StatusHistory({ open }: WidgetProps) {
  const { t, i18n } = useTranslation('adaccount');
  const snapshots = useSnapshots(STATUS_SERIES);
  const loadState = useCacheLoadState(ADACCOUNT_CACHE_KEY);
  const option = useMemo(
    () => (snapshots.some((s) => Object.keys(s.counts).length > 0) ? statusHistoryOption(snapshots, (s) => t(statusKey(s === 'unknown' ? null : Number(s)))) : null),
    [snapshots, t, i18n.language], // eslint-disable-line react-hooks/exhaustive-deps
  );
  if (!option) return <ListNotCached state={loadState} onOpen={() => open('/adaccount/index')} icon="timeline-line-chart" text={t('widgets.statusHistory.empty')} loadText={t('widgets.byStatus.load')} />;
  return <div data-testid="widget-adaccount-status-history"><Chart option={option} height={240} autoResize label={t('widgets.statusHistory.title')} /></div>;
}
