import { Button, Callout, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useBus } from '../KernelProvider';
import type { AreaList } from './use-area-list';

/** Above a list's table: the load error, the one progress line, and the followed selection's filter. */
export function ListStatus({ list }: { list: AreaList<unknown> }) {
  const { t } = useTranslation();
  return (
    <div className="tessera-list-status" data-list-state={list.loading ? 'loading' : list.error ? 'failed' : 'ready'} data-testid="list-status">
      {list.error && <Callout intent="danger" title={t('list.loadFailed')}>{list.error}</Callout>}
      {list.progressText && <div className="bp6-text-muted" role="status" data-testid="list-progress">{list.progressText}</div>}
      {list.followFilter && (
        <Tag intent="primary" onRemove={list.followFilter.clear} data-testid="list-follow-filter">{t('list.followed', { count: list.followFilter.count })}</Tag>
      )}
    </div>
  );
}
ListStatus.displayName = 'ListStatus';

/** The toolbar's reload (a forced reload past the cache) and bulk-actions buttons. */
export function ListButtons({ list, testId }: { list: AreaList<unknown>; testId?: string }) {
  const { t } = useTranslation();
  const bus = useBus();
  return (
    <>
      <Button icon="refresh" text={t('list.reload')} onClick={() => list.reload(true)} loading={list.loading && list.rows.length > 0} />
      <Button icon="play" intent="primary" text={t('list.actions')} disabled={list.selection.size === 0}
        onClick={() => bus.emit('palette:opened', undefined)} data-testid={testId} />
    </>
  );
}
ListButtons.displayName = 'ListButtons';
