import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCachedList, useCacheLoadState, ListNotCached, type WidgetProps, FiguresTable, type Figure } from '@kernel';
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
        ...[...byType.entries()].sort((a, b) => b[1] - a[1]).map(([type, n]) => [t('widgets.overview.byType', { type }), n, { bmtype: `=${type}` }]),
      ] as Figure[],
    };
  }, [list, t]);

  if (!figures) return <ListNotCached state={loadState} onOpen={() => open('/bm/index')} icon="office" text={t('widgets.overview.notLoaded')} loadText={t('widgets.overview.load')} />;
  return <FiguresTable testId="widget-bm-overview" caption={t('widgets.overview.total', { count: figures.total })} figures={figures.rows}
    onOpen={(filter) => open('/bm/index', filter)} openText={t('widgets.overview.open')} />;
}
