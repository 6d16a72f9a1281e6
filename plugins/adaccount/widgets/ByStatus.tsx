import { useMemo } from 'react';
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { readCached, useKernel, type WidgetProps } from '@kernel';
import { statusKey } from '../mappings';
import type { AdAccount } from '../types';
import { CACHE_KEY } from '../views/AccountList';

/** Ad accounts by status, from the cached list (never loads at login by itself; offers to open the list instead). */
export default function ByStatus({ open }: WidgetProps) {
  const { t } = useTranslation('adaccount');
  const { store } = useKernel();
  const hit = readCached<AdAccount[]>(store, CACHE_KEY);
  const counts = useMemo(() => {
    if (!hit.found) return null;
    const byStatus = new Map<string, number>();
    for (const a of hit.value) byStatus.set(statusKey(a.account_status), (byStatus.get(statusKey(a.account_status)) ?? 0) + 1);
    return [...byStatus.entries()].sort((a, b) => b[1] - a[1]);
  }, [hit.found, hit.found ? hit.value : null]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!counts) {
    return <NonIdealState icon="credit-card" description={t('widgets.byStatus.notLoaded')}
      action={<Button text={t('widgets.byStatus.load')} onClick={() => open('/adaccount/index')} />} />;
  }
  const total = counts.reduce((n, [, c]) => n + c, 0);
  return (
    <div data-testid="widget-adaccount-by-status">
      <div className="bp6-text-muted">{t('widgets.byStatus.total', { count: total })}</div>
      <HTMLTable compact striped>
        <tbody>{counts.map(([key, count]) => <tr key={key}><td>{t(key)}</td><td>{count}</td></tr>)}</tbody>
      </HTMLTable>
      <Button variant="minimal" icon="arrow-right" text={t('widgets.byStatus.open')} onClick={() => open('/adaccount/index')} />
    </div>
  );
}
