import { useMemo } from 'react';
import { Button, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCachedList, useCacheLoadState, ListNotCached, type WidgetProps } from '@kernel';
import { statusKey } from '../mappings';
import type { AdAccount } from '../types';
import { ADACCOUNT_CACHE_KEY, ATTENTION } from './keys';
import { formatAmount, moneyTotals } from './money-totals';

/** Ad accounts by status (what needs attention first, each opening the list filtered), with spend and balance per currency and in dollars, from the cached list (never loads by itself). */
export default function ByStatus({ open }: WidgetProps) {
  const { t, i18n } = useTranslation('adaccount');
  const list = useCachedList<AdAccount>(ADACCOUNT_CACHE_KEY);
  const loadState = useCacheLoadState(ADACCOUNT_CACHE_KEY);
  const figures = useMemo(() => {
    if (!list) return null;
    const byCode = new Map<number | null, number>();
    for (const a of list) byCode.set(a.account_status ?? null, (byCode.get(a.account_status ?? null) ?? 0) + 1);
    const byStatus = new Map<string, number>();
    for (const [code, n] of byCode) byStatus.set(statusKey(code), (byStatus.get(statusKey(code)) ?? 0) + n);
    return {
      attention: ATTENTION.map((a) => ({ ...a, count: byCode.get(a.code) ?? 0 })),
      counts: [...byStatus.entries()].sort((a, b) => b[1] - a[1]),
      money: moneyTotals(list),
      total: list.length,
    };
  }, [list]);

  if (!figures) return <ListNotCached state={loadState} onOpen={() => open('/adaccount/index')} icon="credit-card" text={t('widgets.byStatus.notLoaded')} loadText={t('widgets.byStatus.load')} />;
  if (figures.total === 0) {
    return <NonIdealState icon="credit-card" description={t('widgets.byStatus.empty')}
      action={<Button variant="minimal" icon="arrow-right" text={t('widgets.byStatus.open')} onClick={() => open('/adaccount/index')} />} />;
  }
  const amount = (n: number, currency?: string) => formatAmount(n, currency, i18n.language);
  const { money } = figures;
  return (
    <div data-testid="widget-adaccount-by-status" className="tessera-widget-body">
      <div className="bp6-text-muted">{t('widgets.byStatus.total', { count: figures.total })}</div>
      <div className="tessera-attention" data-testid="widget-adaccount-attention">
        {figures.attention.map((a) => (
          <Button key={a.code} size="small" variant="outlined" intent={a.count ? 'warning' : 'none'} data-status={a.filter} data-count={a.count}
            title={t('widgets.byStatus.openFiltered')} onClick={() => open('/adaccount/index', { status: a.filter })}>
            {t(a.key)} <Tag minimal round intent={a.count ? 'warning' : 'none'}>{a.count.toLocaleString(i18n.language)}</Tag>
          </Button>
        ))}
      </div>
      <HTMLTable compact striped>
        <tbody>{figures.counts.map(([key, count]) => <tr key={key}><td>{t(key)}</td><td>{count.toLocaleString(i18n.language)}</td></tr>)}</tbody>
      </HTMLTable>
      <div className="tessera-money" tabIndex={0} role="region" aria-label={t('widgets.byStatus.moneyRegion')}>
      <HTMLTable compact striped data-testid="widget-adaccount-money">
        <thead><tr><th>{t('widgets.byStatus.currency')}</th><th>{t('widgets.byStatus.spent')}</th><th>{t('widgets.byStatus.balance')}</th></tr></thead>
        <tbody>
          <tr data-testid="widget-adaccount-usd"><td><strong>{t('widgets.byStatus.inUsd')}</strong></td><td>{amount(money.usd.spent, 'USD')}</td><td>{amount(money.usd.balance, 'USD')}</td></tr>
          {money.byCurrency.map((c) => <tr key={c.currency}><td>{c.currency}</td><td>{amount(c.spent, c.currency)}</td><td>{amount(c.balance, c.currency)}</td></tr>)}
        </tbody>
      </HTMLTable>
      </div>
      {money.withoutRatio > 0 && <div className="bp6-text-muted">{t('widgets.byStatus.withoutRatio', { count: money.withoutRatio })}</div>}
      <Button variant="minimal" icon="arrow-right" text={t('widgets.byStatus.open')} onClick={() => open('/adaccount/index')} />
    </div>
  );
}
