import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Callout } from '@blueprintjs/core';
import { NewPersonIcon, SearchIcon, TrashIcon } from '@blueprintjs/icons';
import {
  recordRecent, DataTable, ListButtons, ListStatus, ToolbarButtons, showToast, useApi, useAreaList, useConfirmedStart, useKernel, useRunner,
  type AreaList, type ListLoadContext, type ViewProps,
} from '@kernel';
import { loadBusinesses, rereadBusinesses } from '../load';
import { businessColumns } from '../columns';
import { CACHE_KEY, clearTypeCache, fieldCache } from '../cache';
import type { Business } from '../types';
import type { BusinessItem } from '../checks';
import { BusinessDetail } from './BusinessDetail';
import { InviteDialog } from './InviteDialog';
import './bm.css';

const getId = (b: Business) => b.id;
/** What a job item carries: what the actions' dry run describes and checks (checks.ts). */
export const toItem = (b: Business): BusinessItem => ({ id: b.id, name: b.name, isRestricted: b.isRestricted, roles: b.permitted_roles ?? [], bmtype: b.bmtype });

/**
 * The business list: the kernel's list hook loads it (cached 12 h as `bmuser_list`, streamed, forced
 * reload), publishes its selection as `business` rows (ad-account tiles follow it) and re-reads after a
 * job; this view adds the columns, the invitation dialog, the detail panel and the recent-item record.
 * `hiddenAdmins` is the BM hidden-administrator screen: the same list with the scan's column and buttons.
 */
export default function BusinessList({ tileId: sourceId, followedSelection: followed, hiddenAdmins = false }: Pick<ViewProps, 'tileId' | 'followedSelection'> & { hiddenAdmins?: boolean }) {
  const { t, i18n } = useTranslation('bm');
  const api = useApi();
  const runner = useRunner();
  /** A job of more businesses than the operator's threshold asks for its count first (the kernel's confirmation). */
  const confirmed = useConfirmedStart();
  const { store } = useKernel();
  const [open, setOpen] = useState<Business | null>(null);
  const [inviting, setInviting] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const load = useCallback(({ bridge, signal, emit, progress }: ListLoadContext<Business>) => loadBusinesses(bridge, {
    signal, cache: fieldCache(store), onRows: emit,
    onProgress: (p) => progress(p.done ? { pages: p.page, rows: p.rows, detailsDone: p.done, detailsTotal: p.total } : { pages: p.page, rows: p.rows }),
  }), [store]);
  const reread = useCallback((ids: readonly string[], ctx: { bridge: Parameters<typeof rereadBusinesses>[0]; signal: AbortSignal; rows: ReadonlyMap<string, Business> }) => rereadBusinesses(ctx.bridge, ids, ctx.rows, { signal: ctx.signal }), []);
  const list = useAreaList<Business>({ cacheKey: CACHE_KEY, load, rowType: 'business', getId, toItem, sourceId, followed, reread });
  // A forced reload also forgets the business types (docs/SPEC.md section 4); the kernel's reload knows no such cache.
  const withTypeReset: AreaList<Business> = useMemo(() => ({
    ...list, reload: (force = true) => { if (force) clearTypeCache(store); list.reload(force); },
  }), [list, store]);

  const columns = useMemo(() => businessColumns(t, { hiddenAdmins, language: i18n.language }), [t, hiddenAdmins, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const selectedItems = useMemo(() => list.visible.filter((b) => list.selection.has(b.id)).map(toItem), [list.visible, list.selection]);

  const openBusiness = (b: Business) => {
    setOpen(b);
    recordRecent(api, 'bm', { record_id: b.id, record_name: b.name, bm_id: b.id, bm_name: b.name });
  };

  const start = (actionId: string) => confirmed.ask({
    actionId, count: selectedItems.length,
    start: () => {
      try {
        runner.start(actionId, {}, selectedItems);
        void showToast(t('jobStarted'), 'primary');
      } catch (e) {
        void showToast((e as Error).message, 'danger');
      }
    },
  });

  const toolbar = (
    <>
      <ListButtons list={withTypeReset as AreaList<unknown>} testId="bm-actions" />
      <ToolbarButtons actions={hiddenAdmins ? [
        { id: 'bm.detect', icon: <SearchIcon />, text: t('toolbar.detect'), disabled: selectedItems.length === 0, testId: 'bm-detect-hidden', onClick: () => start('bm.detectHiddenAdmins') },
        { id: 'bm.remove', icon: <TrashIcon />, intent: 'danger', text: t('toolbar.remove'), disabled: selectedItems.length === 0, testId: 'bm-remove-hidden', onClick: () => setConfirmRemove(true) },
      ] : [
        { id: 'bm.invite', icon: <NewPersonIcon />, text: t('toolbar.invite'), disabled: selectedItems.length === 0, testId: 'bm-invite', onClick: () => setInviting(true) },
      ]} />
    </>
  );

  return (
    <div className="bm-list" data-testid={hiddenAdmins ? 'bm-hidden-admins' : 'bm-list'}>
      {hiddenAdmins && <Callout intent="primary" compact>{t('hiddenAdmins.intro')}</Callout>}
      <ListStatus list={list as AreaList<unknown>} />
      <DataTable viewId={hiddenAdmins ? 'bm.hiddenAdmins' : 'bm.list'} rows={list.visible} columns={columns} getRowId={getId} loading={list.loading && list.rows.length === 0}
        selection={list.selection} onSelectionChange={list.onSelectionChange} onRowOpen={openBusiness} exportFileName="businesses" emptyText={t('empty')} toolbar={toolbar} />
      <BusinessDetail business={open} item={open && toItem(open)} onClose={() => setOpen(null)} />
      <InviteDialog isOpen={inviting} items={selectedItems} onClose={() => setInviting(false)} />
      {confirmed.dialog}
      <Alert isOpen={confirmRemove} intent="danger" icon="trash" cancelButtonText={t('invite.cancel')} confirmButtonText={t('toolbar.remove')}
        onCancel={() => setConfirmRemove(false)} onConfirm={() => { setConfirmRemove(false); start('bm.removeHiddenAdmins'); }}>
        <p className="tessera-pre">{selectedItems.map((b) => t('effects.removeHiddenAdmins', { business: b.name ? `${b.name} (${b.id})` : b.id })).slice(0, 10).join('\n')}</p>
      </Alert>
    </div>
  );
}
