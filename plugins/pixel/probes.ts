/**
 * The pixel area's call families for the platform check (src/kernel/plugin/call-families.ts): each kind of
 * call the list and the actions make. Graph reads are tried through this area's own api.ts functions
 * (which check the fields the area relies on) on a pixel the operator can read: the first of the cached
 * list, else the first a business of the operator finds by search. The list's `me/signals`, the
 * connection forms and the dataset form are web calls, and the shares and assignments are writes: none
 * is ever sent by the check.
 */
import { defineProbes, type ProbeContext } from '@kernel';
import { adminCandidates, assignedUsers, myBusinesses, permissibleAccounts, pixelPartners, searchAssets, sharedAccounts } from './api';
import { connectionsFrom } from './undo';
import { CACHE_KEY } from './cache';

const o = (ctx: ProbeContext) => ({ signal: ctx.signal });

/** One of the operator's businesses (one call); null when none. */
async function aBusiness(ctx: ProbeContext): Promise<string | null> {
  const cached = ctx.cachedRows<{ relation_business?: { id?: unknown } }>(CACHE_KEY)?.find((r) => typeof r?.relation_business?.id === 'string');
  if (cached) return cached.relation_business!.id as string;
  return (await myBusinesses(ctx.bridge, { ...o(ctx), limit: 1 }))[0]?.id ?? null;
}

/** A pixel and the business it was listed through: cached, else the first a business finds (two calls); null when none. */
async function aPixel(ctx: ProbeContext): Promise<{ pixel: string; business: string } | null> {
  const cached = ctx.cachedRows<{ id?: unknown; relation_business?: { id?: unknown } }>(CACHE_KEY)
    ?.find((r) => typeof r?.id === 'string' && typeof r.relation_business?.id === 'string');
  if (cached) return { pixel: cached.id as string, business: cached.relation_business!.id as string };
  const business = await aBusiness(ctx);
  if (!business) return null;
  const [pixel] = await searchAssets(ctx.bridge, business, '', o(ctx));
  return pixel ? { pixel: pixel.id, business } : null;
}

const onPixel = (read: (ctx: ProbeContext, p: { pixel: string; business: string }) => Promise<unknown>) => async (ctx: ProbeContext) => {
  const found = await aPixel(ctx);
  if (!found) return 'noObject' as const;
  await read(ctx, found);
};

const onBusiness = (read: (ctx: ProbeContext, business: string) => Promise<unknown>) => async (ctx: ProbeContext) => {
  const business = await aBusiness(ctx);
  if (!business) return 'noObject' as const;
  await read(ctx, business);
};

export default defineProbes([
  {
    id: 'businesses', kind: 'read', titleKey: 'calls.businesses', list: true,
    probe: async (ctx) => { await myBusinesses(ctx.bridge, { ...o(ctx), limit: 5 }); },
  },
  // `me/signals` on business.facebook.com: a web call, never sent by the check even though it only reads
  { id: 'signals', kind: 'write', titleKey: 'calls.signals', list: true },
  {
    id: 'sharedAccounts', kind: 'read', titleKey: 'calls.sharedAccounts', actions: ['sharedAccounts', 'shareToAccounts', 'addConnections', 'removeConnections'],
    probe: onPixel((ctx, p) => sharedAccounts(ctx.bridge, p.pixel, p.business, { ...o(ctx), limit: 5 })),
  },
  {
    id: 'partners', kind: 'read', titleKey: 'calls.partners', actions: ['listPartners', 'removePartners', 'shareToAccounts', 'addPartners'],
    probe: onPixel((ctx, p) => pixelPartners(ctx.bridge, p.pixel, { ...o(ctx), limit: 5 })),
  },
  {
    id: 'assignedUsers', kind: 'read', titleKey: 'calls.assignedUsers', actions: ['listAdmins', 'removeUsers', 'assignUsers'],
    probe: onPixel((ctx, p) => assignedUsers(ctx.bridge, p.pixel, p.business, o(ctx))),
  },
  {
    id: 'permissibleAccounts', kind: 'read', titleKey: 'calls.permissibleAccounts', actions: ['permissibleAccounts'],
    probe: onBusiness((ctx, b) => permissibleAccounts(ctx.bridge, b, o(ctx))),
  },
  {
    id: 'candidates', kind: 'read', titleKey: 'calls.candidates', actions: ['adminCandidates'],
    probe: onBusiness((ctx, b) => adminCandidates(ctx.bridge, b, o(ctx))),
  },
  {
    id: 'search', kind: 'read', titleKey: 'calls.search', actions: ['searchAssets', 'findByName', 'createDataset'],
    probe: onBusiness((ctx, b) => searchAssets(ctx.bridge, b, '', o(ctx))),
  },
  {
    // the connection undo reads a pixel's connections with the business area's GraphQL query
    id: 'connectionList', kind: 'query', titleKey: 'calls.connectionList', actions: ['addConnections', 'removeConnections'], document: 'BusinessAssetConnectionsQuery',
    probe: onPixel((ctx, p) => connectionsFrom(ctx.bridge, p.business, p.pixel, o(ctx))),
  },
  { id: 'share', kind: 'write', titleKey: 'calls.share', actions: ['shareToAccounts', 'addConnections', 'removeConnections'] },
  { id: 'partnerWrite', kind: 'write', titleKey: 'calls.partnerWrite', actions: ['shareToAccounts', 'addPartners', 'removePartners'] },
  { id: 'userWrite', kind: 'write', titleKey: 'calls.userWrite', actions: ['assignUsers', 'removeUsers'] },
  // web forms
  { id: 'connections', kind: 'write', titleKey: 'calls.connections', actions: ['addConnections', 'removeConnections'] },
  { id: 'createDataset', kind: 'write', titleKey: 'calls.createDataset', actions: ['createDataset'] },
]);
