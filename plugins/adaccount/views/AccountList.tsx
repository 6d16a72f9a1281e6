import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Callout, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DataTable, cached, getItem, getPluginSetting, setPluginSetting, toastPlatformError, updateToast, useApi, useBridge, useBus, useKernel, type ViewProps } from '@kernel';
import { loadAdAccounts, type LoadProgress } from '../load';
import { adAccountColumns } from '../columns';
import { DEFAULT_TIMEZONE } from '../format';
import type { AdAccount } from '../types';
import { AccountDetail } from './AccountDetail';
import './adaccount.css';

const TIMEZONES = [DEFAULT_TIMEZONE, 'UTC', 'America/Los_Angeles', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Singapore', 'Asia/Kolkata', 'Australia/Sydney'];

export const CACHE_KEY = 'adaccount:list';

/**
 * The ad-account list: loads through the bridge (cached 12 h, forced reload on demand), filters by a
 * business selection published on the bus (or followed as a tile), publishes its own selection for
 * bulk actions and other tiles, and opens one account in a detail panel.
 */
export function AccountList({ sourceId, followed }: { sourceId: string; followed?: ViewProps['followedSelection'] }) {
  const { t, i18n } = useTranslation('adaccount');
  const bridge = useBridge();
  const bus = useBus();
  const api = useApi();
  const { store } = useKernel();
  const [rows, setRows] = useState<AdAccount[]>([]);
  const [loading, setLoading] = useState(true);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<AdAccount | null>(null);
  const [timeZone, setTimeZone] = useState<string>(() => getPluginSetting('adaccount', 'timeZone', DEFAULT_TIMEZONE));
  const [busBusinesses, setBusBusinesses] = useState<readonly string[] | null>(null);
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(async (force = false) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setLoading(true);
    setError(null);
    try {
      const list = await cached(store, CACHE_KEY, () => loadAdAccounts(bridge, {
        userId: getItem('fbid'), signal: controller.signal,
        onProgress: (p) => {
          setProgress(p);
          void updateToast(`adaccount-load-${sourceId}`, p.phase === 'details' ? t('progressDetails', { done: p.done, total: p.total }) : t('progress', { page: p.page, rows: p.rows }));
        },
      }), { force, signal: controller.signal });
      if (!controller.signal.aborted) setRows(list);
    } catch (e) {
      if (!controller.signal.aborted) {
        setError((e as Error).message);
        toastPlatformError(e);
      }
    } finally {
      if (!controller.signal.aborted) { setLoading(false); setProgress(null); }
    }
  }, [bridge, store, t, sourceId]);

  useEffect(() => { void load(); return () => abort.current?.abort(); }, [load]);

  // A business selection published anywhere (the business area) filters the route screen; a tile follows its chosen tile instead.
  useEffect(() => {
    if (followed !== undefined) return;
    const onSelection = (e: { rowType: string; ids: readonly string[]; sourceTileId: string }) => {
      if (e.rowType === 'business' && e.sourceTileId !== sourceId) setBusBusinesses(e.ids.length ? e.ids : null);
    };
    bus.on('selection:changed', onSelection);
    return () => bus.off('selection:changed', onSelection);
  }, [bus, followed, sourceId]);

  const businessFilter = followed ? (followed.rowType === 'business' && followed.ids.length ? followed.ids : null) : busBusinesses;
  const visible = useMemo(() => {
    if (!businessFilter) return rows;
    const ids = new Set(businessFilter);
    return rows.filter((r) => r.owner_business && ids.has(r.owner_business.id));
  }, [rows, businessFilter]);

  const byId = useMemo(() => new Map(visible.map((r) => [r.id, r])), [visible]);
  const onSelectionChange = (ids: ReadonlySet<string>) => {
    setSelection(ids);
    const items = [...ids].flatMap((id, index) => { const r = byId.get(id); return r ? [{ id, name: r.name, index, currency: r.currency }] : []; });
    bus.emit('selection:changed', { sourceTileId: sourceId, rowType: 'adaccount', ids: items.map((i) => i.id), items });
  };

  // Refresh after a bulk job of this area ends, so the table shows what changed.
  useEffect(() => {
    const onFinished = (e: { actionId: string }) => { if (e.actionId.startsWith('adaccount.')) void load(true); };
    bus.on('job:finished', onFinished);
    return () => bus.off('job:finished', onFinished);
  }, [bus, load]);

  const columns = useMemo(() => adAccountColumns(t, { timeZone }), [t, timeZone, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const openAccount = (account: AdAccount) => {
    setOpen(account);
    api.post('/api/pay/addRecord', {
      module_id: 'adaccount',
      data: { record_id: account.id, record_name: account.name, bm_id: account.owner_business?.id ?? '', bm_name: account.owner_business?.name ?? '', module_id: 'adaccount', fbid: getItem('fbid') ?? '', fbname: getItem('fbname') ?? '' },
    }).catch((e) => console.warn('[adaccount] recent item not recorded', e));
  };

  return (
    <div className="adaccount-list" data-testid="adaccount-list">
      {error && <Callout intent="danger" title={t('loadFailed')}>{error}</Callout>}
      {progress && <div className="bp6-text-muted" role="status">{progress.phase === 'details' ? t('progressDetails', { done: progress.done, total: progress.total }) : t('progress', { page: progress.page, rows: progress.rows })}</div>}
      {businessFilter && (
        <Tag intent="primary" onRemove={followed ? undefined : () => setBusBusinesses(null)} className="adaccount-filter-tag">{t('filteredByBusiness', { count: businessFilter.length })}</Tag>
      )}
      <DataTable viewId="adaccount.list" rows={visible} columns={columns} getRowId={(r) => r.id} loading={loading && rows.length === 0}
        selection={selection} onSelectionChange={onSelectionChange} onRowOpen={openAccount} exportFileName="adaccounts" emptyText={t('empty')}
        toolbar={<>
          <Button icon="refresh" text={t('reload')} onClick={() => void load(true)} loading={loading && rows.length > 0} />
          <Button icon="play" intent="primary" text={t('actionsButton')} disabled={selection.size === 0} onClick={() => bus.emit('palette:opened', undefined)} data-testid="adaccount-actions" />
          <HTMLSelect minimal aria-label={t('timeZone')} value={timeZone} options={TIMEZONES.map((z) => ({ value: z, label: z }))}
            onChange={(e) => { setTimeZone(e.currentTarget.value); setPluginSetting('adaccount', 'timeZone', e.currentTarget.value); }} />
        </>} />
      <AccountDetail account={open} timeZone={timeZone} onClose={() => setOpen(null)} />
    </div>
  );
}
