import { useMemo } from 'react';
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useCachedList, useCacheLoadState, ListLoadState, type WidgetProps } from '@kernel';
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
        [t('widgets.overview.canShare'), list.filter((p) => p.can_share).length],
        [t('widgets.overview.cannotShare'), list.filter((p) => !p.can_share).length],
        [t('widgets.overview.datasets'), list.filter((p) => p.type === 'DATASET').length],
        [t('widgets.overview.unavailable'), list.filter((p) => p.is_unavailable).length],
        [t('widgets.overview.neverFired'), list.filter((p) => !p.last_fired_time).length],
      ] as [string, number][],
    };
  }, [list, t]);

  if (!figures) {
    if (loadState) return <ListLoadState state={loadState} onOpen={() => open('/pixel/index')} />;
    return <NonIdealState icon="locate" description={t('widgets.overview.notLoaded')}
      action={<Button text={t('widgets.overview.load')} onClick={() => open('/pixel/index')} />} />;
  }
  return (
    <div data-testid="widget-pixel-overview">
      <div className="bp6-text-muted">{t('widgets.overview.total', { count: figures.total })}</div>
      <HTMLTable compact striped>
        <tbody>{figures.rows.map(([k, n]) => <tr key={k}><td>{k}</td><td>{n}</td></tr>)}</tbody>
      </HTMLTable>
      <Button variant="minimal" icon="arrow-right" text={t('widgets.overview.open')} onClick={() => open('/pixel/index')} />
    </div>
  );
}
