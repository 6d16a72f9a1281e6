import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordRecent, DataTable, ListButtons, ListStatus, useApi, useAreaList, useListSnapshot, usePluginSetting, type ListLoadContext, type ViewProps } from '@kernel';
import { loadAdAccounts, rereadAdAccounts } from '../load';
import { adAccountColumns } from '../columns';
import { DEFAULT_TIMEZONE } from '../format';
import type { AdAccount } from '../types';
import { AccountDetail } from './AccountDetail';
import { STATUS_SERIES } from '../widgets/keys';
import './adaccount.css';

export const CACHE_KEY = 'adaccount:list';

const load = ({ bridge, signal, emit, progress, platformUserId }: ListLoadContext<AdAccount>) => {
  // One page count for the operator: the list's pages, then the business-scoped lists' pages on top;
  // the detail batches do not count as pages (they show as "details n/m").
  let listPages = 0;
  let pages = 0;
  return loadAdAccounts(bridge, {
    userId: platformUserId, signal, onRows: emit,
    onProgress: (p) => {
      if (p.phase === 'list') pages = listPages = p.page;
      else if (p.phase === 'business') pages = listPages + p.page;
      progress(p.phase === 'details' ? { pages, rows: p.rows, detailsDone: p.done, detailsTotal: p.total } : { pages, rows: p.rows });
    },
  });
};
const getId = (r: AdAccount) => r.id;
/** The id as the ID column shows it (the number without `act_`): what Copy IDs copies. */
const shownId = (r: AdAccount) => r.account_id ?? r.id.replace(/^act_/, '');
/** What a job item carries: what the actions' dry run describes and checks (actions/*, checks.ts). */
const toItem = (r: AdAccount) => ({
  id: r.id, name: r.name, currency: r.currency, business: r.business || r.owner_business?.name || '', account_status: r.account_status, amount_spent: r.amount_spent,
  spend_cap: r.spend_cap, ownerrole: r.ownerrole, timezone_name: r.timezone_name,
});
/** The dashboard's chart of account status over time reads these snapshots (one per day, per user). */
const statusOf = (r: AdAccount) => String(r.account_status ?? 'unknown');
const FOLLOW = { rowType: 'business', match: (r: AdAccount, ids: ReadonlySet<string>) => !!r.owner_business && ids.has(r.owner_business.id) };

/**
 * The ad-account list: the kernel's list hook does the loading (cached 12 h, streamed, forced reload),
 * following a business selection, publishing this list's selection and re-reading what a job changed;
 * this view adds the columns, the detail panel and the recent-item record.
 */
export default function AccountList({ tileId: sourceId, followedSelection: followed }: Pick<ViewProps, 'tileId' | 'followedSelection'>) {
  const { t, i18n } = useTranslation('adaccount');
  const api = useApi();
  const [open, setOpen] = useState<AdAccount | null>(null);
  const timeZone = usePluginSetting('adaccount', 'timeZone', DEFAULT_TIMEZONE);
  const list = useAreaList<AdAccount>({
    cacheKey: CACHE_KEY, load, rowType: 'adaccount', getId, toItem, sourceId, followed, follow: FOLLOW,
    reread: useCallback((ids: readonly string[], ctx: { bridge: Parameters<typeof rereadAdAccounts>[0]; signal: AbortSignal; rows: ReadonlyMap<string, AdAccount> }) => rereadAdAccounts(ctx.bridge, ids, ctx.rows, { signal: ctx.signal }), []),
  });
  useListSnapshot(STATUS_SERIES, list.loading || list.error ? null : list.rows, statusOf);

  const columns = useMemo(() => adAccountColumns(t, { timeZone, language: i18n.language }), [t, timeZone, i18n.language]);

  const openAccount = (account: AdAccount) => {
    setOpen(account);
    recordRecent(api, 'adaccount', { record_id: account.id, record_name: account.name, bm_id: account.owner_business?.id ?? '', bm_name: account.owner_business?.name ?? '' });
  };

  return (
    <div className="adaccount-list" data-testid="adaccount-list">
      <ListStatus list={list} />
      <DataTable viewId="adaccount.list" rows={list.visible} columns={columns} getRowId={getId} loading={list.loading && list.rows.length === 0}
        selection={list.selection} onSelectionChange={list.onSelectionChange} onRowOpen={openAccount} copyId={shownId} exportFileName="adaccounts" emptyText={t('empty')}
        toolbar={<ListButtons list={list} testId="adaccount-actions" />} />
      <AccountDetail account={open} item={open && toItem(open)} timeZone={timeZone} onClose={() => setOpen(null)} />
    </div>
  );
}
