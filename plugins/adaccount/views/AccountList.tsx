import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DataTable, cached, toastPlatformError, useBridge, useBus, useKernel, type DataColumn, type ViewProps } from '@kernel';
import { ACCOUNT_STATUS, loadPersonalAccounts, type AdAccountRow } from '../graph';

/** The personal ad-account list: loads through the bridge, publishes its selection for actions and other tiles. */
export function AccountList({ sourceId, followed }: { sourceId: string; followed?: ViewProps['followedSelection'] }) {
  const { t } = useTranslation('adaccount');
  const bridge = useBridge();
  const bus = useBus();
  const { store } = useKernel();
  const [rows, setRows] = useState<AdAccountRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [progress, setProgress] = useState<{ page: number; rows: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(async (force = false) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setLoading(true);
    setError(null);
    try {
      const list = await cached(store, 'adaccount:personal', () => loadPersonalAccounts(bridge, { signal: controller.signal, onPage: (page, n) => setProgress({ page, rows: n }) }), { force });
      if (!controller.signal.aborted) setRows(list);
    } catch (e) {
      if (!controller.signal.aborted) {
        setError((e as Error).message);
        toastPlatformError(e);
      }
    } finally {
      if (!controller.signal.aborted) { setLoading(false); setProgress(null); }
    }
  }, [bridge, store]);

  useEffect(() => { void load(); return () => abort.current?.abort(); }, [load]);

  const visible = useMemo(() => {
    if (!followed || followed.rowType !== 'business' || followed.ids.length === 0) return rows;
    const ids = new Set(followed.ids);
    return rows.filter((r) => r.owner_business && ids.has(r.owner_business.id));
  }, [rows, followed]);

  const byId = useMemo(() => new Map(visible.map((r, i) => [r.id, { r, i }])), [visible]);
  const onSelectionChange = (ids: ReadonlySet<string>) => {
    setSelection(ids);
    const items = [...ids].flatMap((id, index) => { const hit = byId.get(id); return hit ? [{ id, name: hit.r.name, index }] : []; });
    bus.emit('selection:changed', { sourceTileId: sourceId, rowType: 'adaccount', ids: items.map((i) => i.id), items });
  };

  const columns = useMemo<DataColumn<AdAccountRow>[]>(() => [
    { id: 'id', header: t('columns.id'), value: (r) => r.account_id ?? r.id.replace(/^act_/, '') },
    { id: 'name', header: t('columns.name'), value: (r) => r.name },
    { id: 'status', header: t('columns.status'), value: (r) => t(`status.${ACCOUNT_STATUS[r.account_status] ?? 'UNKNOWN'}`),
      filter: { options: ['ACTIVE', 'DISABLED', 'IN_GRACE_PERIOD', 'PENDING_CLOSURE', 'PENDING_RISK_REVIEW', 'PENDING_SETTLEMENT', 'UNSETTLED', 'CLOSED'].map((s) => ({ value: t(`status.${s}`), label: t(`status.${s}`) })) } },
    { id: 'currency', header: t('columns.currency'), value: (r) => r.currency },
    { id: 'business', header: t('columns.business'), value: (r) => r.owner_business?.name ?? '' },
  ], [t]);

  return (
    <div className="adaccount-list">
      {error && <Callout intent="danger" title={t('loadFailed')}>{error}</Callout>}
      {progress && <div className="bp6-text-muted" role="status">{t('loadingPage', { page: progress.page, rows: progress.rows })}</div>}
      <DataTable viewId="adaccount.list" rows={visible} columns={columns} getRowId={(r) => r.id} loading={loading && rows.length === 0}
        selection={selection} onSelectionChange={onSelectionChange} exportFileName="adaccounts" emptyText={t('empty')}
        toolbar={<>
          <Button icon="refresh" text={t('reload')} onClick={() => void load(true)} />
          <Button icon="play" intent="primary" text={t('actionsButton')} disabled={selection.size === 0} onClick={() => bus.emit('palette:opened', undefined)} data-testid="adaccount-actions" />
        </>} />
    </div>
  );
}
