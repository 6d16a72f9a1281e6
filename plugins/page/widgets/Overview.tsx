import { useMemo } from 'react';
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { readRowOutputs, useCachedList, useCacheLoadState, ListLoadState, useKernel, type RowOutputs, type WidgetProps } from '@kernel';
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
        [t('widgets.overview.unpublished'), list.filter((p) => p.is_published === false).length],
        [t('widgets.overview.deactivated'), list.filter((p) => isDeactivated(outputs.get(p.id))).length],
        [t('widgets.overview.notEligible'), list.filter((p) => p.promotion_eligible === false).length],
        [t('widgets.overview.verified'), list.filter((p) => p.verification_status && p.verification_status !== 'not_verified').length],
        [t('widgets.overview.managed'), list.filter((p) => p.tasks?.includes('MANAGE')).length],
      ] as [string, number][],
    };
  }, [list, store, t]);

  if (!figures) {
    if (loadState) return <ListLoadState state={loadState} onOpen={() => open('/page/index')} />;
    return <NonIdealState icon="document" description={t('widgets.overview.notLoaded')}
      action={<Button text={t('widgets.overview.load')} onClick={() => open('/page/index')} />} />;
  }
  return (
    <div data-testid="widget-page-overview">
      <div className="bp6-text-muted">{t('widgets.overview.total', { count: figures.total })}</div>
      <HTMLTable compact striped>
        <tbody>{figures.rows.map(([k, n]) => <tr key={k}><td>{k}</td><td>{n}</td></tr>)}</tbody>
      </HTMLTable>
      <Button variant="minimal" icon="arrow-right" text={t('widgets.overview.open')} onClick={() => open('/page/index')} />
    </div>
  );
}

/** Deactivated as the newest of the page's deactivate or deactivation-state results says (a deactivation lasts until its end). */
export function isDeactivated(outputs: RowOutputs | undefined, now = Date.now()): boolean {
  const set = outputs?.['page.deactivate'];
  const read = outputs?.['page.deactivationState'];
  const latest = !set ? read : !read ? set : set.at >= read.at ? set : read;
  if (!latest) return false;
  const value = latest.value as { deactivated?: boolean; until?: string } | null;
  if (latest === read && value?.deactivated === false) return false;
  const until = value?.until ? Date.parse(value.until) : NaN;
  return Number.isNaN(until) ? latest === set || value?.deactivated === true : until > now;
}
