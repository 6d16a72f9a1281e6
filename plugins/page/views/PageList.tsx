import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Callout } from '@blueprintjs/core';
import {
  recordRecent, DataTable, ListButtons, ListStatus, showToast, useApi, useAreaList, useConfirmedStart, useRunner,
  type AreaList, type ListLoadContext, type ViewProps,
} from '@kernel';
import { loadPages, rereadPages } from '../load';
import { pageColumns } from '../columns';
import { CACHE_KEY } from '../cache';
import type { Page } from '../types';
import type { PageItem } from '../checks';
import { PageDetail } from './PageDetail';
import { ResolveDialog } from './ResolveDialog';
import { CreateDialog } from './CreateDialog';
import { AppealDialog } from './AppealDialog';
import './page.css';

/** A BM tile's business selection filters the pages to those of the selected businesses. */
const FOLLOW = { rowType: 'business', match: (p: Page, ids: ReadonlySet<string>) => !!p.business && ids.has(p.business.id) };

const getId = (p: Page) => p.id;
/** After a job: the pages it touched, read again (docs/PLUGINS.md, `reread`). */
const reread = (ids: readonly string[], ctx: { bridge: Parameters<typeof rereadPages>[0]; signal: AbortSignal }) => rereadPages(ctx.bridge, ids, { signal: ctx.signal });
/** What a job item carries: what the actions' dry run describes and checks (checks.ts). */
export const toItem = (p: Page): PageItem => ({ id: p.id, name: p.name, tasks: p.tasks ?? [], business: p.business?.id ?? '' });

export type PageListMode = 'index' | 'disable' | 'blacklist' | 'keywords';

/**
 * The page list: loaded by the kernel's list hook (cached 12 h as `fb_page_list`, streamed, forced
 * reload, a progress toast per page), its selection published as `page` rows; this view adds the
 * columns, the detail panel, the "pages by link" dialog and the recent-item record. The sub-screens
 * reuse it with their own buttons (`mode`).
 */
export default function PageList({ tileId: sourceId, followedSelection: followed, mode = 'index', side }: Pick<ViewProps, 'tileId' | 'followedSelection'> & { mode?: PageListMode; side?: (items: PageItem[]) => ReactNode }) {
  const { t, i18n } = useTranslation('page');
  const api = useApi();
  const runner = useRunner();
  /** A job of more pages than the operator's threshold asks for its count first (the kernel's confirmation). */
  const confirmed = useConfirmedStart();
  const [open, setOpen] = useState<Page | null>(null);
  const [resolving, setResolving] = useState(false);
  const [creating, setCreating] = useState(false);
  const [appealing, setAppealing] = useState(false);
  const [stopped, setStopped] = useState<string | null>(null);
  const load = useCallback(async ({ bridge, signal, emit, progress }: ListLoadContext<Page>) => {
    const result = await loadPages(bridge, {
      signal, onRows: emit,
      // the kernel's list status shows this as its progress toast
      onPage: (page, rows) => progress({ pages: page, rows }),
    });
    setStopped(result.stoppedBy ? result.stoppedBy.message : null);
    return result.rows;
  }, []);
  const list = useAreaList<Page>({ cacheKey: CACHE_KEY, load, rowType: 'page', getId, toItem, sourceId, followed, follow: FOLLOW, reread });
  const columns = useMemo(() => pageColumns(t, { disable: mode === 'disable', language: i18n.language }), [t, mode, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const selectedItems = useMemo(() => list.visible.filter((p) => list.selection.has(p.id)).map(toItem), [list.visible, list.selection]);

  const openPage = (p: Page) => {
    setOpen(p);
    recordRecent(api, 'page', { record_id: p.id, record_name: p.name, page_id: p.id, page_name: p.name });
  };
  const start = (actionId: string, params: Record<string, unknown> = {}, items: PageItem[] = selectedItems) => confirmed.ask({
    actionId, count: items.length,
    start: () => {
      try {
        runner.start(actionId, params, items);
        void showToast(t('started'), 'primary');
      } catch (e) {
        void showToast((e as Error).message, 'danger');
      }
    },
  });

  const toolbar = (
    <>
      <ListButtons list={list as AreaList<unknown>} testId="page-actions" />
      <Button icon="link" text={t('toolbar.byLink')} data-testid="page-by-link" onClick={() => setResolving(true)} />
      {mode === 'index' && (
        <>
          {/* icons only, named for screen readers and on hover, so the bulk-action button keeps its place */}
          <Button icon="add" aria-label={t('toolbar.create')} title={t('toolbar.create')} data-testid="page-create" onClick={() => setCreating(true)} />
          <Button icon="take-action" aria-label={t('toolbar.appeal')} title={t('toolbar.appeal')} data-testid="page-user-appeal-open" onClick={() => setAppealing(true)} />
        </>
      )}
      {mode === 'disable' && (
        <>
          <Button icon="disable" text={t('toolbar.deactivate')} disabled={!selectedItems.length} data-testid="page-deactivate" onClick={() => start('page.deactivate')} />
          <Button icon="play" text={t('toolbar.reactivate')} disabled={!selectedItems.length} data-testid="page-reactivate" onClick={() => start('page.reactivate')} />
          <Button icon="refresh" text={t('toolbar.readState')} disabled={!selectedItems.length} data-testid="page-read-state" onClick={() => start('page.deactivationState')} />
        </>
      )}
    </>
  );

  const table = (
    <DataTable viewId={`page.${mode}`} rows={list.visible} columns={columns} getRowId={getId} loading={list.loading && list.rows.length === 0}
      selection={list.selection} onSelectionChange={list.onSelectionChange} onRowOpen={openPage} exportFileName="pages" emptyText={t('empty')} toolbar={toolbar} />
  );
  return (
    <div className="page-list" data-testid={`page-${mode}`}>
      {mode === 'disable' && <Callout intent="primary" compact>{t('disable.intro')}</Callout>}
      <ListStatus list={list as AreaList<unknown>} />
      {stopped && <Callout intent="warning" compact className="tessera-pre" data-testid="page-list-stopped">{t('stoppedEarly', { message: stopped })}</Callout>}
      {side ? <div className="page-split"><div className="page-list">{table}</div><aside className="page-side" data-testid="page-side">{side(selectedItems)}</aside></div> : table}
      <PageDetail page={open} item={open && toItem(open)} onClose={() => setOpen(null)} />
      <ResolveDialog isOpen={resolving} onClose={() => setResolving(false)} />
      {mode === 'index' && <CreateDialog isOpen={creating} onClose={() => setCreating(false)} />}
      {mode === 'index' && <AppealDialog isOpen={appealing} onClose={() => setAppealing(false)} />}
      {confirmed.dialog}
    </div>
  );
}
