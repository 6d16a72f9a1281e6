import { useMemo } from 'react';
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCachedList, useCacheLoadState, ListLoadState, type WidgetProps } from '@kernel';
import { CACHE_KEY } from '../cache';
import type { Business } from '../types';

/** Businesses: how many, restricted, integrity-disabled, verified, and by type — from the cached list only (never loads by itself). */
export default function Overview({ open }: WidgetProps) {
  const { t } = useTranslation('bm');
  const list = useCachedList<Business>(CACHE_KEY);
  const loadState = useCacheLoadState(CACHE_KEY);
  const figures = useMemo(() => {
    if (!list) return null;
    const byType = new Map<string, number>();
    for (const b of list) if (b.bmtype) byType.set(b.bmtype, (byType.get(b.bmtype) ?? 0) + 1);
    return {
      total: list.length,
      rows: [
        [t('widgets.overview.restricted'), list.filter((b) => b.isRestricted === 'true').length, { restricted: 'true' }],
        [t('widgets.overview.integrity'), list.filter((b) => b.is_disabled_for_integrity_reasons).length, { integrity: 'true' }],
        [t('widgets.overview.verified'), list.filter((b) => b.verification_status === 'verified').length, { verification: 'verified' }],
        ...[...byType.entries()].sort((a, b) => b[1] - a[1]).map(([type, n]) => [t('widgets.overview.byType', { type }), n, { bmtype: type }]),
      ] as [string, number, Record<string, string>][],
    };
  }, [list, t]);

  if (!figures) {
    if (loadState) return <ListLoadState state={loadState} onOpen={() => open('/bm/index')} />;
    return <NonIdealState icon="office" description={t('widgets.overview.notLoaded')}
      action={<Button text={t('widgets.overview.load')} onClick={() => open('/bm/index')} />} />;
  }
  return (
    <div data-testid="widget-bm-overview">
      <div className="bp6-text-muted">{t('widgets.overview.total', { count: figures.total })}</div>
      <HTMLTable compact striped>
        <tbody>{figures.rows.map(([k, n, filter]) => (
          <tr key={k} data-filter={JSON.stringify(filter)}><td><a role="button" tabIndex={0} onClick={() => open('/bm/index', filter)} onKeyDown={(e) => e.key === 'Enter' && open('/bm/index', filter)}>{k}</a></td><td>{n}</td></tr>
        ))}</tbody>
      </HTMLTable>
      <Button variant="minimal" icon="arrow-right" text={t('widgets.overview.open')} onClick={() => open('/bm/index')} />
    </div>
  );
}
