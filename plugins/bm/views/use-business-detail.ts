import { assetList, useBridge, useSections, type Sections } from '@kernel';
import {
  adAccountAssetPage, ASSET_MAX_PAGES, ASSET_WAIT_MS, listAssetGroups, listPartners, listPending, listUsers,
  type AssetAccount, type AssetGroup, type BusinessUser, type Partner, type PendingUser,
} from '../api';

export interface BusinessDetailData {
  users: BusinessUser[];
  pending: PendingUser[];
  partners: Partner[];
  groups: AssetGroup[];
  adAccounts: AssetAccount[];
}

/**
 * The sections of one business's panel, read when it opens and again after any job on businesses
 * ends (an invitation sent from the panel shows up among the pending ones). Each section fails alone.
 */
export function useBusinessDetail(businessId: string | null): Sections<BusinessDetailData> {
  const bridge = useBridge();
  const id = businessId ?? '';
  return useSections<BusinessDetailData>(businessId, 'bm', () => ({
    users: (signal) => listUsers(bridge, id, { signal }),
    pending: (signal) => listPending(bridge, id, { signal }),
    partners: (signal) => listPartners(bridge, id, { signal }),
    groups: (signal) => listAssetGroups(bridge, id, { signal }),
    adAccounts: (signal) => assetList((cursor) => adAccountAssetPage(bridge, id, cursor, { signal }), { waitMs: ASSET_WAIT_MS, maxPages: ASSET_MAX_PAGES, signal }),
  }));
}
