// The pixel area's web calls (docs/PLATFORM.md section 10.1): the pixel list by business with its
// cursor key (`me/signals`), creating a dataset, and connecting a pixel or dataset to an ad account,
// a person or a brand. Forms answer `for (;;);{…payload…}` like the business limit form.
import type { Ctx } from '../../graph/core';
import type { WebRequest, WebRoute } from '../../area';
import { dropId, nextId } from '../../dataset';
import { errors } from '../../errors';
import { isoTime } from '../../graph/core';
import { memberOf, requireBusinessAdmin } from '../../graph/access';
import { formReply } from '../../web/reply';
import type { Business } from '../bm/data';
import type { Pixel } from './data';

/** Rows per `me/signals` page when the call names no `limit`; at most 100. */
export const SIGNALS_PAGE = 25;
const SIGNALS_MAX = 100;
/** The cursor key of the last page. */
export const COMPLETED = 'COMPLETED';

const field = (req: WebRequest, name: string) => req.body[name] ?? req.query[name];

function businessOf(ctx: Ctx, req: WebRequest): Business {
  const id = field(req, 'business_id');
  if (!id) throw errors.missingParam('business_id');
  const b = /^\d+$/.test(id) ? ctx.data.businesses.get(id) : undefined;
  if (!b || !memberOf(ctx.data, b, ctx.session)) throw errors.unknownObject(id, req.method);
  return b;
}

function encodeKey(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}
function decodeKey(key: string): number {
  try {
    const o = (JSON.parse(Buffer.from(key, 'base64url').toString()) as { o?: unknown }).o;
    if (typeof o === 'number' && Number.isInteger(o) && o >= 0) return o;
  } catch { /* below */ }
  throw errors.invalidParam('Invalid pixel_cursor_key');
}

/** One data source as `me/signals` lists it: the pixel, its owner with the viewer's own business-user record, the business it is reached through. */
function dataSource(ctx: Ctx, px: Pixel, through: Business) {
  const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
  const me = owner ? memberOf(ctx.data, owner, ctx.session) : undefined;
  return {
    id: px.id,
    name: px.name,
    type: px.kind === 'dataset' ? 'DATASET' : 'PIXEL',
    creation_time: isoTime(px.creation_time),
    ...(px.last_fired_time ? { last_fired_time: isoTime(px.last_fired_time) } : {}),
    is_unavailable: px.is_unavailable,
    business: owner ? { id: owner.id, name: owner.name, business_users: me ? [{ id: me.id, role: me.role }] : [] } : null,
    relation_business: { id: through.id, name: through.name },
    relation: owner?.id === through.id ? 'OWNER' : 'AGENCY',
  };
}

function signals(ctx: Ctx, req: WebRequest) {
  const b = businessOf(ctx, req);
  const ids = [...new Set([...b.owned_pixels, ...b.client_pixels])];
  const key = field(req, 'pixel_cursor_key');
  if (key === COMPLETED) throw errors.invalidParam('The list has ended (pixel_cursor_key COMPLETED)');
  const offset = key ? decodeKey(key) : 0;
  const asked = Number(field(req, 'limit') ?? SIGNALS_PAGE);
  const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, SIGNALS_MAX) : SIGNALS_PAGE;
  const page = ids.slice(offset, offset + limit).flatMap((id) => {
    const px = ctx.data.pixels.get(id);
    return px ? [dataSource(ctx, px, b)] : [];
  });
  const next = offset + limit < ids.length ? encodeKey(offset + limit) : COMPLETED;
  return formReply({ data_sources: page, pixel_cursor_key: next });
}

const FROM_TYPES = ['pixel', 'events-dataset-new'];
const TO_TYPES = ['ad-account', 'user', 'brand'];

/** One connection of a form: the business, a pixel or dataset it reaches, a target of a known type. */
function connection(ctx: Ctx, req: WebRequest) {
  const b = businessOf(ctx, req);
  requireBusinessAdmin(ctx, b);
  const from = field(req, 'from_id');
  const to = field(req, 'to_id');
  if (!from) throw errors.missingParam('from_id');
  if (!to) throw errors.missingParam('to_id');
  const fromType = field(req, 'from_asset_type') ?? 'pixel';
  const toType = field(req, 'to_asset_type') ?? 'ad-account';
  if (!FROM_TYPES.includes(fromType)) throw errors.invalidParam(`from_asset_type must be pixel or events-dataset-new, got ${fromType}`);
  if (!TO_TYPES.includes(toType)) throw errors.invalidParam(`to_asset_type must be ad-account, user or brand, got ${toType}`);
  const px = ctx.data.pixels.get(from);
  if (!px || !(px.owner_business === b.id || px.agencies.some((l) => l.business === b.id))) {
    throw errors.invalidParam('The business has no access to this pixel or dataset');
  }
  const account = toType === 'ad-account' ? ctx.data.accounts.get(to.startsWith('act_') ? to : `act_${to}`) : undefined;
  if (toType === 'ad-account' && (!account || !(account.owner_business === b.id || account.agencies.some((l) => l.business === b.id)))) {
    throw errors.invalidParam('The business must have access to both the pixel and the ad account',
      'Share the pixel with the business that has the ad account first.');
  }
  return { b, px, account, from, to, fromType, toType };
}

export const pixelWeb: WebRoute[] = [
  { method: 'GET', path: /^\/me\/signals\/?$/, kind: 'form', run: signals },
  {
    method: 'POST', path: /^\/events_manager\/dataset\/create\/?$/, kind: 'form', write: true,
    run: (ctx, req) => {
      const b = businessOf(ctx, req);
      requireBusinessAdmin(ctx, b);
      const name = (field(req, 'name') ?? '').trim();
      if (!name) throw errors.missingParam('name');
      if (name.length > 100) throw errors.invalidParam('name must be at most 100 characters');
      const id = nextId(ctx.data, 'pixel');
      const px: Pixel = {
        index: ctx.data.pixelList.length, id, name, owner_business: b.id, creation_time: ctx.nowS, last_fired_time: null,
        is_unavailable: false, shared_accounts: [], agencies: [], assigned_users: [], kind: 'dataset',
      };
      ctx.data.pixels.set(id, px);
      ctx.data.pixelList.push(px);
      b.owned_pixels.push(id);
      return { ...formReply({ id, name, business_id: b.id }), object: b.id };
    },
  },
  {
    method: 'POST', path: /^\/objects\/connections\/add\/?$/, kind: 'form', write: true,
    run: (ctx, req) => {
      const c = connection(ctx, req);
      if (!ctx.data.connections.some((x) => x.business === c.b.id && x.from_id === c.from && x.to_id === c.to)) {
        ctx.data.connections.push({ business: c.b.id, from_id: c.from, from_type: c.fromType, to_id: c.to, to_type: c.toType });
      }
      if (c.account && !c.px.shared_accounts.includes(c.account.id)) {
        c.px.shared_accounts.push(c.account.id);
        c.account.pixels.push(c.px.id);
      }
      return { ...formReply({ from_id: c.from, to_id: c.to, status: 'CONNECTED' }), object: c.b.id };
    },
  },
  {
    method: 'POST', path: /^\/objects\/connections\/remove\/?$/, kind: 'form', write: true,
    run: (ctx, req) => {
      const c = connection(ctx, req);
      const i = ctx.data.connections.findIndex((x) => x.business === c.b.id && x.from_id === c.from && x.to_id === c.to);
      if (i >= 0) ctx.data.connections.splice(i, 1);
      let removed = i >= 0;
      if (c.account && dropId(c.px.shared_accounts, c.account.id)) {
        dropId(c.account.pixels, c.px.id);
        removed = true;
      }
      return { ...formReply({ from_id: c.from, to_id: c.to, status: removed ? 'DISCONNECTED' : 'NOT_CONNECTED' }), object: c.b.id };
    },
  },
];
