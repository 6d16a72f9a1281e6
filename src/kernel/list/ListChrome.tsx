import { Button, Callout, Tag } from '@blueprintjs/core';
import { PlayIcon, RefreshIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useToolbarActions, type ToolbarAction } from '../table/TableToolbar';
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
        <span className="tessera-list-follow">
          <Tag intent="primary" data-testid="list-follow-filter">{t('list.followed', { count: list.followFilter.count })}</Tag>
          <Button size="small" variant="minimal" icon="cross" aria-label={t('list.clearFollowed')} title={t('list.clearFollowed')} onClick={list.followFilter.clear}
            data-testid="list-follow-filter-clear" />
        </span>
      )}
    </div>
  );
}
ListStatus.displayName = 'ListStatus';

/**
 * The toolbar's reload (a forced reload past the cache) and bulk-actions buttons. Inside a DataTable's
 * toolbar they join the table's own buttons and collapse into its "more" menu when the tile is narrow.
 */
export function ListButtons({ list, testId }: { list: AreaList<unknown>; testId?: string }) {
  const { t } = useTranslation();
  const bus = useBus();
  const reloading = list.loading && list.rows.length > 0;
  const actions: ToolbarAction[] = [
    { id: 'list.reload', text: t('list.reload'), icon: <RefreshIcon />, loading: reloading, onClick: () => list.reload(true) },
    { id: 'list.actions', text: t('list.actions'), icon: <PlayIcon />, intent: 'primary', disabled: list.selection.size === 0, testId,
      onClick: () => bus.emit('palette:opened', undefined) },
  ];
  return <ToolbarButtons actions={actions} />;
}
ListButtons.displayName = 'ListButtons';

/**
 * A view's own toolbar buttons, given as data: inside a DataTable's toolbar they join the table's
 * buttons and collapse into its "more" menu when the tile is narrow; elsewhere they are plain buttons.
 */
export function ToolbarButtons({ actions }: { actions: readonly ToolbarAction[] }) {
  if (useToolbarActions(actions)) return null;
  return <>{actions.map((a) => <Button key={a.id} icon={a.icon} text={a.text} intent={a.intent} loading={a.loading} disabled={a.disabled} title={a.title} data-testid={a.testId} onClick={a.onClick} />)}</>;
}
ToolbarButtons.displayName = 'ToolbarButtons';
