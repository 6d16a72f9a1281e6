import { useEffect, useState } from 'react';
import { assetList, useBridge, useBus } from '@kernel';
import {
  adAccountAssetPage, ASSET_MAX_PAGES, ASSET_WAIT_MS, listAssetGroups, listPartners, listPending, listUsers,
  type AssetAccount, type AssetGroup, type BusinessUser, type Partner, type PendingUser,
} from '../api';

export type Section<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string };

export interface BusinessDetailData {
  users: Section<BusinessUser[]>;
  pending: Section<PendingUser[]>;
  partners: Section<Partner[]>;
  groups: Section<AssetGroup[]>;
  adAccounts: Section<AssetAccount[]>;
}

const LOADING: BusinessDetailData = { users: { state: 'loading' }, pending: { state: 'loading' }, partners: { state: 'loading' }, groups: { state: 'loading' }, adAccounts: { state: 'loading' } };

/**
 * The sections of one business's panel, read when it opens and again after any job on businesses
 * ends (an invitation sent from the panel shows up among the pending ones). Each section fails alone.
 */
export function useBusinessDetail(businessId: string | null): BusinessDetailData {
  const bridge = useBridge();
  const bus = useBus();
  const [data, setData] = useState<BusinessDetailData>(LOADING);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const onFinished = (e: { actionId: string }) => { if (e.actionId.startsWith('bm.')) setRound((r) => r + 1); };
    bus.on('job:finished', onFinished);
    return () => bus.off('job:finished', onFinished);
  }, [bus]);
  useEffect(() => {
    if (!businessId) return;
    const controller = new AbortController();
    const o = { signal: controller.signal };
    setData(LOADING);
    const section = <K extends keyof BusinessDetailData>(key: K, read: () => Promise<unknown>) => {
      read().then(
        (value) => { if (!controller.signal.aborted) setData((d) => ({ ...d, [key]: { state: 'ready', data: value } })); },
        (e: unknown) => { if (!controller.signal.aborted) setData((d) => ({ ...d, [key]: { state: 'error', message: e instanceof Error && e.message ? e.message : 'Unknown error' } })); },
      );
    };
    section('users', () => listUsers(bridge, businessId, o));
    section('pending', () => listPending(bridge, businessId, o));
    section('partners', () => listPartners(bridge, businessId, o));
    section('groups', () => listAssetGroups(bridge, businessId, o));
    section('adAccounts', () => assetList((cursor) => adAccountAssetPage(bridge, businessId, cursor, o), { waitMs: ASSET_WAIT_MS, maxPages: ASSET_MAX_PAGES, signal: controller.signal }));
    return () => controller.abort();
  }, [bridge, businessId, round]);
  return data;
}
