import { useMemo } from 'react';
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '@kernel';
import { statusKey } from '../mappings';
import type { AdAccount } from '../types';
import { CACHE_KEY } from '../views/AccountList';
import { moneyTotals } from './money-totals';
import { useCachedList } from './use-cached';

/** Ad accounts by status, with spend and balance per currency and in dollars, from the cached list (never loads at login by itself). */
export default function ByStatus({ open }: WidgetProps) {
  const { t, i18n } = useTranslation('adaccount');
  const list = useCachedList<AdAccount>(CACHE_KEY);
  const figures = useMemo(() => {
    if (!list) return null;
    const byStatus = new Map<string, number>();
    for (const a of list) byStatus.set(statusKey(a.account_status), (byStatus.get(statusKey(a.account_status)) ?? 0) + 1);
    return { counts: [...byStatus.entries()].sort((a, b) => b[1] - a[1]), money: moneyTotals(list), total: list.length };
  }, [list]);

  if (!figures) {
    return <NonIdealState icon="credit-card" description={t('widgets.byStatus.notLoaded')}
      action={<Button text={t('widgets.byStatus.load')} onClick={() => open('/adaccount/index')} />} />;
  }
  if (figures.total === 0) {
    return <NonIdealState icon="credit-card" description={t('widgets.byStatus.empty')}
      action={<Button variant="minimal" icon="arrow-right" text={t('widgets.byStatus.open')} onClick={() => open('/adaccount/index')} />} />;
  }
  const amount = (n: number, currency?: string) => {
    const plain = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    try {
      return currency && currency !== '?' ? new Intl.NumberFormat(i18n.language, { style: 'currency', currency, maximumFractionDigits: 2 }).format(n) : plain.format(n);
    } catch { // a currency code Intl does not know
      return `${plain.format(n)} ${currency}`;
    }
  };
  const { money } = figures;
  return (
    <div data-testid="widget-adaccount-by-status">
      <div className="bp6-text-muted">{t('widgets.byStatus.total', { count: figures.total })}</div>
      <HTMLTable compact striped>
        <tbody>{figures.counts.map(([key, count]) => <tr key={key}><td>{t(key)}</td><td>{count}</td></tr>)}</tbody>
      </HTMLTable>
      <HTMLTable compact striped data-testid="widget-adaccount-money">
        <thead><tr><th>{t('widgets.byStatus.currency')}</th><th>{t('widgets.byStatus.spent')}</th><th>{t('widgets.byStatus.balance')}</th></tr></thead>
        <tbody>
          {money.byCurrency.map((c) => <tr key={c.currency}><td>{c.currency}</td><td>{amount(c.spent, c.currency)}</td><td>{amount(c.balance, c.currency)}</td></tr>)}
          <tr data-testid="widget-adaccount-usd"><td><strong>{t('widgets.byStatus.inUsd')}</strong></td><td>{amount(money.usd.spent, 'USD')}</td><td>{amount(money.usd.balance, 'USD')}</td></tr>
        </tbody>
      </HTMLTable>
      {money.withoutRatio > 0 && <div className="bp6-text-muted">{t('widgets.byStatus.withoutRatio', { count: money.withoutRatio })}</div>}
      <Button variant="minimal" icon="arrow-right" text={t('widgets.byStatus.open')} onClick={() => open('/adaccount/index')} />
    </div>
  );
}
