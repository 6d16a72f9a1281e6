// The pixel node (reads, sharing with ad accounts and agencies) and what the area adds to others:
// a business's pixels, a business user's pixels, an ad account's pixels.
import { dropId } from '../../dataset';
import { errors } from '../../errors';
import { byName, isoTime, param, ref, required, SUCCESS, tasksParam, type Ctx, type EdgeDef, type Ref, type TypeDef } from '../../graph/core';
import { requireBusinessAdmin } from '../../graph/access';
import type { Business, BusinessUser } from '../bm/data';
import { bizRef, businessParam, businessesOf } from '../bm/graph';
import { assignedBusiness, assignedRows, assignee } from '../bm/assigned';
import type { AdAccount } from '../adaccount/data';
import { accountParam } from '../adaccount/graph';
import type { Pixel } from './data';

/** The tasks a person may hold on a pixel (docs/PLATFORM.md section 10). */
export const PIXEL_TASKS = ['ANALYZE', 'ADVERTISE', 'EDIT', 'UPLOAD', 'AA_ANALYZE'] as const;

function ownerOf(ctx: Ctx, px: Pixel): Business {
  const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
  if (!owner) throw errors.permission();
  return owner;
}

export function pixelsOf(ctx: Ctx, ids: string[]): Ref[] {
  return ids.flatMap((id) => {
    const px = ctx.data.pixels.get(id);
    return px ? [ref('pixel', px)] : [];
  });
}

export function findPixel(ctx: Ctx, id: string): Ref | null {
  const px = /^\d+$/.test(id) ? ctx.data.pixels.get(id) : undefined;
  return px ? ref('pixel', px) : null;
}

export const pixelType: TypeDef<Pixel> = {
  label: 'AdsPixel',
  defaults: ['id', 'name'],
  id: (px) => px.id,
  fields: {
    id: (px) => px.id,
    name: (px) => px.name,
    owner_business: (px, ctx) => bizRef(ctx, px.owner_business),
    creation_time: (px) => isoTime(px.creation_time),
    last_fired_time: (px) => (px.last_fired_time ? isoTime(px.last_fired_time) : undefined),
    is_unavailable: (px) => px.is_unavailable,
    is_created_by_business: (px) => !!px.owner_business,
    code: (px) => `<!-- Pixel Code ${px.id} -->\n<script>/* the sandbox's stand-in for the platform's pixel snippet */</script>`,
    data_use_setting: () => 'ADVERTISING_AND_ANALYTICS',
  },
  edges: {
    shared_accounts: {
      list: (px, ctx, p) => {
        const business = param(p, 'business');
        return px.shared_accounts.flatMap((id) => {
          const a = ctx.data.accounts.get(id);
          if (!a) return [];
          if (business && a.owner_business !== business && !a.agencies.some((l) => l.business === business)) return [];
          return [ref('adaccount', a)];
        });
      },
      create: (px, p, ctx) => {
        const b = businessParam(ctx, required(p, 'business'));
        const a = accountParam(ctx, required(p, 'account_id'));
        requireBusinessAdmin(ctx, b);
        const pixelAccess = px.owner_business === b.id || px.agencies.some((l) => l.business === b.id);
        const accountAccess = a.owner_business === b.id || a.agencies.some((l) => l.business === b.id);
        if (!pixelAccess || !accountAccess) {
          throw errors.invalidParam('The business must have access to both the pixel and the ad account',
            'Share the pixel with the business that has the ad account first.');
        }
        if (!px.shared_accounts.includes(a.id)) {
          px.shared_accounts.push(a.id);
          a.pixels.push(px.id);
        }
        return SUCCESS;
      },
      remove: (px, p, ctx) => {
        const a = accountParam(ctx, required(p, 'account_id'));
        const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
        if (owner) requireBusinessAdmin(ctx, owner);
        if (!dropId(px.shared_accounts, a.id)) throw errors.invalidParam('The pixel is not shared with this ad account');
        dropId(a.pixels, px.id);
        return SUCCESS;
      },
    },
    agencies: {
      list: (px, ctx) => px.agencies.flatMap((l) => businessesOf(ctx, [l.business]).map((r) => ({ ...r, x: { permitted_tasks: l.tasks } }))),
      create: (px, p, ctx) => {
        const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
        if (!owner) throw errors.permission();
        requireBusinessAdmin(ctx, owner);
        const b = businessParam(ctx, required(p, 'business'));
        const tasks = tasksParam(p, 'permitted_tasks', ['ADVERTISE', 'ANALYZE', 'EDIT', 'UPLOAD'], ['ADVERTISE', 'ANALYZE']);
        const link = px.agencies.find((l) => l.business === b.id);
        if (link) link.tasks = tasks;
        else {
          px.agencies.push({ business: b.id, tasks });
          b.client_pixels.push(px.id);
        }
        return SUCCESS;
      },
      remove: (px, p, ctx) => {
        const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
        if (owner) requireBusinessAdmin(ctx, owner);
        const b = businessParam(ctx, required(p, 'business'));
        const i = px.agencies.findIndex((l) => l.business === b.id);
        if (i < 0) throw errors.invalidParam('The business has no access to this pixel');
        px.agencies.splice(i, 1);
        dropId(b.client_pixels, px.id);
        return SUCCESS;
      },
    },
    assigned_users: {
      // `business` is required, as on the platform; AssignedUser rows of that business (docs/SDK.md)
      list: (px, ctx, p) => {
        const b = assignedBusiness(ctx, p);
        if (px.owner_business !== b.id && !px.agencies.some((l) => l.business === b.id)) return [];
        return assignedRows(ctx, b, px.assigned_users, PIXEL_TASKS);
      },
      create: (px, p, ctx) => {
        const owner = ownerOf(ctx, px);
        requireBusinessAdmin(ctx, owner);
        const who = assignee(ctx, p.business ? businessParam(ctx, p.business) : owner, required(p, 'user'));
        const tasks = tasksParam(p, 'tasks', PIXEL_TASKS, null);
        const row = px.assigned_users.find((r) => r.uid === who.uid);
        if (row) row.tasks = tasks;
        else px.assigned_users.push({ uid: who.uid, tasks });
        if (who.bu) who.bu.assigned[px.id] = tasks;
        return SUCCESS;
      },
      remove: (px, p, ctx) => {
        const owner = ownerOf(ctx, px);
        requireBusinessAdmin(ctx, owner);
        const who = assignee(ctx, p.business ? businessParam(ctx, p.business) : owner, required(p, 'user'));
        const i = px.assigned_users.findIndex((r) => r.uid === who.uid);
        if (i < 0) throw errors.invalidParam('The user is not assigned to this pixel');
        px.assigned_users.splice(i, 1);
        if (who.bu) delete who.bu.assigned[px.id];
        return SUCCESS;
      },
    },
  },
  update: (px, p, ctx) => {
    const owner = px.owner_business ? ctx.data.businesses.get(px.owner_business) : undefined;
    if (owner) requireBusinessAdmin(ctx, owner);
    const name = required(p, 'name');
    px.name = name;
    return SUCCESS;
  },
};

const businessEdges: Record<string, EdgeDef<Business>> = {
  owned_pixels: { search: byName, list: (b, ctx) => pixelsOf(ctx, b.owned_pixels) },
  adspixels: { search: byName, list: (b, ctx) => pixelsOf(ctx, b.owned_pixels) },
  client_pixels: { search: byName, list: (b, ctx) => pixelsOf(ctx, b.client_pixels) },
};

const businessUserEdges: Record<string, EdgeDef<BusinessUser>> = {
  assigned_pixels: { list: (bu, ctx) => Object.entries(bu.assigned).flatMap(([id, tasks]) => pixelsOf(ctx, [id]).map((r) => ({ ...r, x: { tasks } }))) },
};

// `act_X/adspixels`
const adAccountEdges: Record<string, EdgeDef<AdAccount>> = {
  adspixels: { list: (a, ctx) => pixelsOf(ctx, a.pixels) },
};

export const pixelExtensions = {
  business: { edges: businessEdges },
  business_user: { edges: businessUserEdges },
  adaccount: { edges: adAccountEdges },
};
