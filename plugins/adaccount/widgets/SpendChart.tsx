import { useMemo } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Chart, useCachedList, useCacheLoadState, ListNotCached, type WidgetProps } from '@kernel';
import type { AdAccount } from '../types';
import { moneyChartHeight, moneyChartOption } from './chart-options';
import { ADACCOUNT_CACHE_KEY } from './keys';
import { moneyTotals } from './money-totals';

/** Spend and balance by currency (converted to US dollars with each account's ratio), from the cached list; as tall as its currencies need, each labelled. */
export default function SpendChart({ open }: WidgetProps) {
  const { t, i18n } = useTranslation('adaccount');
  const list = useCachedList<AdAccount>(ADACCOUNT_CACHE_KEY);
  const loadState = useCacheLoadState(ADACCOUNT_CACHE_KEY);
  const money = useMemo(() => (list && list.length ? moneyTotals(list) : null), [list]);
  const option = useMemo(() => (money ? moneyChartOption(money, t) : null), [money, t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!list) return <ListNotCached state={loadState} onOpen={() => open('/adaccount/index')} icon="timeline-bar-chart" text={t('widgets.byStatus.notLoaded')} loadText={t('widgets.byStatus.load')} />;
  if (!option) return <NonIdealState icon="timeline-bar-chart" description={t('widgets.byStatus.empty')} />;
  return <div data-testid="widget-adaccount-spend-chart"><Chart option={option} height={moneyChartHeight(money!.byCurrency.length)} autoResize label={t('widgets.spendChart.title')} /></div>;
}
