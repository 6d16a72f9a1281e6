import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readRowOutputs, useCachedList, useCacheLoadState, ListNotCached, useKernel, type WidgetProps, FiguresTable, type Figure } from '@kernel';
import { isDeactivated } from '../deactivation';
import { CACHE_KEY } from '../cache';
import type { Page } from '../types';

/** Pages: how many, unpublished, not eligible for promotion, verified, fully managed — from the cached list only (never loads by itself). */
export default function Overview({ open }: WidgetProps) {
  const { t } = useTranslation('page');
  const { store } = useKernel();
  const list = useCachedList<Page>(CACHE_KEY);
  const loadState = useCacheLoadState(CACHE_KEY);
  const figures = useMemo(() => {
    if (!list) return null;
    const outputs = readRowOutputs(store, 'page');
    return {
      total: list.length,
      rows: [
        [t('widgets.overview.unpublished'), list.filter((p) => p.is_published === false).length, { published: 'false' }],
        [t('widgets.overview.deactivated'), list.filter((p) => isDeactivated(outputs.get(p.id))).length, {}, '/page/disable'],
        [t('widgets.overview.notEligible'), list.filter((p) => p.promotion_eligible === false).length, { promotion: 'false' }],
        [t('widgets.overview.verified'), list.filter((p) => p.verification_status && p.verification_status !== 'not_verified').length],
        [t('widgets.overview.managed'), list.filter((p) => p.tasks?.includes('MANAGE')).length],
      ] as Figure[],
    };
  }, [list, store, t]);

  if (!figures) return <ListNotCached state={loadState} onOpen={() => open('/page/index')} icon="document" text={t('widgets.overview.notLoaded')} loadText={t('widgets.overview.load')} />;
  return <FiguresTable testId="widget-page-overview" caption={t('widgets.overview.total', { count: figures.total })} figures={figures.rows}
    onOpen={(filter, path) => open(path ?? '/page/index', filter && Object.keys(filter).length ? filter : undefined)} openText={t('widgets.overview.open')} />;
}

export { isDeactivated } from '../deactivation';
