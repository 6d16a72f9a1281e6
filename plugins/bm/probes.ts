/**
 * The business-manager area's call families for the platform check (src/kernel/plugin/call-families.ts):
 * each kind of call the list and the actions make. Reads and queries are tried through this area's own
 * api.ts and load.ts functions (which check the fields the area relies on) on a business the operator
 * can read: the first of the cached list, else the first of `me/businesses`. Writes, mutations and the
 * ad-account limit form (a web form) are never sent by the check.
 */
import { asAccountDigits, defineProbes, type ProbeContext } from '@kernel';
import {
  accountAgencies, adAccountAssetPage, aPixelOf, assetStatusBanner, businessInfo, DOCS, listAssetGroups, listConnections, listPartners, listPending,
  listUsers, ownedPageNames, pixelSharedAccounts, restrictionOf, settingsPeople, usersByAsset, validatePartnerAsset,
} from './api';
import { CACHE_KEY } from './cache';

/** The pixel area's list cache (plugins/pixel/cache.ts): a pixel to try the share read on. */
const PIXEL_CACHE_KEY = 'pixel_list';
import { firstBusinesses } from './load';
import type { Business } from './types';

/** A business to try a read on: the first cached row, else the first listed (one call); null when the operator has none. */
async function aBusiness(ctx: ProbeContext): Promise<Business | null> {
  const cached = ctx.cachedRows<Business>(CACHE_KEY)?.find((r) => typeof r?.id === 'string');
  if (cached) return cached;
  const [first] = await firstBusinesses(ctx.bridge, 1, { signal: ctx.signal });
  return first ?? null;
}

const onBusiness = (read: (ctx: ProbeContext, business: string, row: Business) => Promise<unknown>) => async (ctx: ProbeContext) => {
  const business = await aBusiness(ctx);
  if (!business) return 'noObject' as const;
  const answer = await read(ctx, business.id, business);
  return answer === 'noObject' ? 'noObject' as const : undefined;
};

/**
 * An ad account of the business, as its list row names one (`owned_ad_accounts`, else
 * `client_ad_accounts`, one each in the list's fields): no call, since a probe may post no GraphQL
 * document but its own (src/kernel/check/service.ts); null when it has none.
 */
function anAccountOf(row: Business): string | null {
  return row.owned_ad_accounts?.data?.[0]?.id ?? row.client_ad_accounts?.data?.[0]?.id ?? null;
}

const o = (ctx: ProbeContext) => ({ signal: ctx.signal });

export default defineProbes([
  {
    id: 'list', kind: 'read', titleKey: 'calls.list', list: true,
    probe: async (ctx) => { await firstBusinesses(ctx.bridge, 5, o(ctx)); },
  },
  {
    id: 'restriction', kind: 'query', titleKey: 'calls.restriction', list: true, document: DOCS.restriction,
    probe: onBusiness((ctx, b) => restrictionOf(ctx.bridge, b, o(ctx))),
  },
  // the ad-account limit form: a web form, never sent by the check
  { id: 'limitForm', kind: 'write', titleKey: 'calls.limitForm', list: true },
  {
    id: 'users', kind: 'read', titleKey: 'calls.users', actions: ['inviteUser', 'updateUserRole', 'removeUser', 'listUsers', 'detectHiddenAdmins', 'removeHiddenAdmins'],
    probe: onBusiness((ctx, b) => listUsers(ctx.bridge, b, { ...o(ctx), limit: 5 })),
  },
  {
    id: 'pending', kind: 'read', titleKey: 'calls.pending', actions: ['inviteUser', 'listPending'],
    probe: onBusiness((ctx, b) => listPending(ctx.bridge, b, { ...o(ctx), limit: 5 })),
  },
  {
    id: 'people', kind: 'query', titleKey: 'calls.people', actions: ['detectHiddenAdmins', 'removeHiddenAdmins'], document: DOCS.people,
    probe: onBusiness((ctx, b) => settingsPeople(ctx.bridge, b, o(ctx))),
  },
  {
    id: 'partners', kind: 'query', titleKey: 'calls.partners', actions: ['listPartners'], document: DOCS.partners,
    probe: onBusiness((ctx, b) => listPartners(ctx.bridge, b, o(ctx))),
  },
  {
    id: 'adAccountAssets', kind: 'query', titleKey: 'calls.adAccountAssets', actions: ['adAccountAssets', 'removeAdAccount'], document: DOCS.adAccounts,
    probe: onBusiness((ctx, b) => adAccountAssetPage(ctx.bridge, b, null, o(ctx))),
  },
  {
    id: 'banner', kind: 'query', titleKey: 'calls.banner', actions: ['assetStatusBanner'], document: DOCS.banner,
    probe: onBusiness((ctx, b) => assetStatusBanner(ctx.bridge, b, o(ctx))),
  },
  {
    id: 'partnerValidate', kind: 'query', titleKey: 'calls.partnerValidate', actions: ['partnerAssetValidate'], document: DOCS.partnerValidate,
    // The business's own ad account, checked as if shared with the business itself: the answer (not valid) proves the call.
    probe: onBusiness(async (ctx, b, row) => {
      const account = anAccountOf(row);
      if (!account) return 'noObject';
      await validatePartnerAsset(ctx.bridge, b, b, asAccountDigits(account), o(ctx));
    }),
  },
  {
    id: 'connections', kind: 'query', titleKey: 'calls.connections', actions: ['listConnections', 'addConnections', 'removeConnections'], document: DOCS.connections,
    probe: onBusiness((ctx, b) => listConnections(ctx.bridge, b, o(ctx))),
  },
  {
    id: 'assetGroups', kind: 'query', titleKey: 'calls.assetGroups', actions: ['listAssetGroups', 'createAssetGroup', 'shareToAssetGroup'], document: DOCS.groupList,
    probe: onBusiness((ctx, b) => listAssetGroups(ctx.bridge, b, o(ctx))),
  },
  {
    id: 'info', kind: 'query', titleKey: 'calls.info', actions: ['businessInfo'], document: DOCS.info,
    probe: onBusiness((ctx, b) => businessInfo(ctx.bridge, b, o(ctx))),
  },
  {
    id: 'usersByAsset', kind: 'query', titleKey: 'calls.usersByAsset', actions: ['userAssetRemove', 'userAssetAssign'], document: DOCS.usersByAsset,
    probe: onBusiness(async (ctx, b, row) => {
      const account = anAccountOf(row);
      if (!account) return 'noObject';
      await usersByAsset(ctx.bridge, b, asAccountDigits(account), o(ctx));
    }),
  },
  {
    id: 'ownedPages', kind: 'read', titleKey: 'calls.ownedPages', actions: ['createPage'],
    probe: onBusiness((ctx, b) => ownedPageNames(ctx.bridge, b, { ...o(ctx), limit: 5 })),
  },
  {
    id: 'accountAgencies', kind: 'read', titleKey: 'calls.accountAgencies', actions: ['partnerAssetRemove'],
    probe: onBusiness(async (ctx, _b, row) => {
      const account = anAccountOf(row);
      if (!account) return 'noObject';
      await accountAgencies(ctx.bridge, account, { ...o(ctx), limit: 5 });
    }),
  },
  {
    // the connection undo reads the pixel's shares (the connection forms share and unshare with the
    // connection): tried on a pixel of the pixel area's cached list, else on the business's first pixel
    id: 'pixelShares', kind: 'read', titleKey: 'calls.pixelShares', actions: ['addConnections', 'removeConnections'],
    probe: onBusiness(async (ctx, b) => {
      const row = ctx.cachedRows<{ id?: unknown; relation_business?: { id?: unknown } }>(PIXEL_CACHE_KEY)
        ?.find((r) => typeof r?.id === 'string' && typeof r.relation_business?.id === 'string');
      const found = row ? { pixel: row.id as string, business: row.relation_business!.id as string } : { pixel: await aPixelOf(ctx.bridge, b, o(ctx)), business: b };
      if (!found.pixel) return 'noObject';
      await pixelSharedAccounts(ctx.bridge, found.pixel, found.business, o(ctx));
    }),
  },
  // people: invite, role, removal, and the invitation undo's DELETE {invitation}
  { id: 'userWrite', kind: 'write', titleKey: 'calls.userWrite', actions: ['inviteUser', 'updateUserRole', 'removeUser', 'removeHiddenAdmins'] },
  // the connection undo's share and unshare of a pixel with an ad account
  { id: 'pixelShareWrite', kind: 'write', titleKey: 'calls.pixelShareWrite', actions: ['addConnections', 'removeConnections'] },
  // the asset-group undo: DELETE {group}/contained_adaccounts
  { id: 'groupUnshare', kind: 'write', titleKey: 'calls.groupUnshare', actions: ['shareToAssetGroup'] },
  { id: 'partnerAdd', kind: 'write', titleKey: 'calls.partnerAdd', actions: ['partnerAssetAdd'], document: DOCS.partnerAdd },
  { id: 'partnerRemove', kind: 'write', titleKey: 'calls.partnerRemove', actions: ['partnerAssetRemove'], document: DOCS.partnerRemove },
  { id: 'userAssign', kind: 'write', titleKey: 'calls.userAssign', actions: ['userAssetAssign', 'userAssetRemove'], document: DOCS.userAssign },
  { id: 'userUnassign', kind: 'write', titleKey: 'calls.userUnassign', actions: ['userAssetRemove', 'userAssetAssign'], document: DOCS.userUnassign },
  { id: 'connectionsAdd', kind: 'write', titleKey: 'calls.connectionsAdd', actions: ['addConnections', 'removeConnections'], document: DOCS.connectionsAdd },
  { id: 'connectionsRemove', kind: 'write', titleKey: 'calls.connectionsRemove', actions: ['removeConnections', 'addConnections'], document: DOCS.connectionsRemove },
  { id: 'groupCreate', kind: 'write', titleKey: 'calls.groupCreate', actions: ['createAssetGroup'], document: DOCS.groupCreate },
  { id: 'groupShare', kind: 'write', titleKey: 'calls.groupShare', actions: ['shareToAssetGroup'], document: DOCS.groupShare },
  { id: 'removeAdAccount', kind: 'write', titleKey: 'calls.removeAdAccount', actions: ['removeAdAccount'], document: DOCS.removeAdAccount },
  { id: 'createPage', kind: 'write', titleKey: 'calls.createPage', actions: ['createPage'], document: DOCS.createPage },
  { id: 'updateInfo', kind: 'write', titleKey: 'calls.updateInfo', actions: ['updateBasicInfo'], document: DOCS.updateInfo },
]);
