import { useMemo } from 'react';
import { Button, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { readCached, useKernel, type WidgetProps } from '@kernel';
import { CACHE_KEY } from '../cache';
import type { Page } from '../types';

/** Pages: how many, unpublished, not eligible for promotion, verified, fully managed — from the cached list only (never loads by itself). */
export default function Overview({ open }: WidgetProps) {
  const { t } = useTranslation('page');
  const { store } = useKernel();
  const hit = readCached<Page[]>(store, CACHE_KEY);
  const figures = useMemo(() => {
    if (!hit.found) return null;
    const list = hit.value;
    return {
      total: list.length,
      rows: [
        [t('widgets.overview.unpublished'), list.filter((p) => p.is_published === false).length],
        [t('widgets.overview.notEligible'), list.filter((p) => p.promotion_eligible === false).length],
        [t('widgets.overview.verified'), list.filter((p) => p.verification_status && p.verification_status !== 'not_verified').length],
        [t('widgets.overview.managed'), list.filter((p) => p.tasks?.includes('MANAGE')).length],
      ] as [string, number][],
    };
  }, [hit.found, hit.found ? hit.value : null, t]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!figures) {
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
