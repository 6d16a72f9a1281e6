import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCachedList, useCacheLoadState, ListNotCached, type WidgetProps, FiguresTable, type Figure } from '@kernel';
import { CACHE_KEY } from '../cache';
import type { Pixel } from '../types';

/** Pixels: how many, how many the operator can share, datasets, unavailable, never fired — from the cached list only (never loads by itself). */
export default function Overview({ open }: WidgetProps) {
  const { t } = useTranslation('pixel');
  const list = useCachedList<Pixel>(CACHE_KEY);
  const loadState = useCacheLoadState(CACHE_KEY);
  const figures = useMemo(() => {
    if (!list) return null;
    return {
      total: list.length,
      rows: [
        [t('widgets.overview.canShare'), list.filter((p) => p.can_share).length, { can_share: 'true' }],
        [t('widgets.overview.cannotShare'), list.filter((p) => !p.can_share).length, { can_share: 'false' }],
        [t('widgets.overview.datasets'), list.filter((p) => p.type === 'DATASET').length, { type: 'DATASET' }],
        [t('widgets.overview.unavailable'), list.filter((p) => p.is_unavailable).length, { unavailable: 'true' }],
        [t('widgets.overview.neverFired'), list.filter((p) => !p.last_fired_time).length],
      ] as Figure[],
    };
  }, [list, t]);

  if (!figures) return <ListNotCached state={loadState} onOpen={() => open('/pixel/index')} icon="locate" text={t('widgets.overview.notLoaded')} loadText={t('widgets.overview.load')} />;
  return <FiguresTable testId="widget-pixel-overview" caption={t('widgets.overview.total', { count: figures.total })} figures={figures.rows}
    onOpen={(filter) => open('/pixel/index', filter)} openText={t('widgets.overview.open')} />;
}
