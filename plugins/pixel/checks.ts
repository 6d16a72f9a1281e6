/**
 * What the dry run says before anything is sent: each action's effect in the operator's words
 * (`describe`) and what the list's own data already shows (`preflight`): the pixel cannot be shared
 * (its business is not the operator's, or the role there is not admin), the operator is not an admin.
 * Keys are in this plugin's locale (`effects.*`, `preflight.*`).
 */
import type { JobItem, PreflightProblem } from '@kernel';
import type { Pixel } from './types';

/** A pixel as the list publishes it with its selection (views/PixelList.tsx `toItem`). */
export interface PixelItem extends JobItem {
  name?: string;
  type?: string;
  /** The owning business ('' when unknown). */
  business_id?: string;
  business_name?: string;
  /** The business it was listed through. */
  relation_business_id?: string;
  bmrole?: string;
  can_share?: boolean;
  /** The paired entry of a pair action (an ad account, a user, a business, a connected asset). */
  pair?: string;
}

/** A business as the business list publishes it (only what these actions read). */
export interface BusinessItem extends JobItem { name?: string; roles?: string[]; pair?: string }

export const toItem = (p: Pixel): PixelItem => ({
  id: p.id, name: p.name, type: p.type, business_id: p.business_id, business_name: p.business?.name ?? '',
  relation_business_id: p.relation_business.id, bmrole: p.bmrole, can_share: p.can_share,
});

/** The pixel as the dry run names it: "Name (id)". */
export const pixelName = (item: { id: string; name?: string }) => (item.name ? `${item.name} (${item.id})` : item.id);

/** A value the dialog translates in this plugin's namespace before it fills the sentence. */
export const label = (key: string) => ({ t: key });
const roleOf = (item: PixelItem) => label(`bmrole.${item.bmrole ?? 'unknown'}`);

/** The business an item's calls go through: its owner, else the business it was listed through. */
export const businessOf = (item: PixelItem) => item.business_id || item.relation_business_id || '';
/** That business as the dry run names it: "Name (id)" when it is the owner the list knows. */
export const businessLabel = (item: PixelItem, id = businessOf(item)) => (id === item.business_id && item.business_name ? `${item.business_name} (${id})` : id);

/** The pair of a pair item, or for an item run without pairs the first entry of the list parameter. */
export function pairOf(item: { pair?: string }, list: string | readonly string[] | undefined): string {
  if (typeof item.pair === 'string') return item.pair;
  return Array.isArray(list) ? list[0] ?? '' : typeof list === 'string' ? list : '';
}

/** Sharing needs can_share: the owner is one of the operator's businesses and the role there is admin. */
export function shareProblem(item: PixelItem): PreflightProblem | null {
  if (!/^\d+$/.test(item.id)) return { key: 'preflight.notPixel', values: { id: item.id } };
  if (item.can_share === false) return { key: 'preflight.cannotShare', values: { pixel: pixelName(item), role: roleOf(item) } };
  return null;
}

/** Changing a pixel's people, partners or connections needs the admin role in its business. */
export function adminProblem(item: PixelItem): PreflightProblem | null {
  if (!/^\d+$/.test(item.id)) return { key: 'preflight.notPixel', values: { id: item.id } };
  if (item.bmrole !== undefined && item.bmrole !== 'admin') return { key: 'preflight.notAdmin', values: { pixel: pixelName(item), role: roleOf(item) } };
  if (!businessOf(item)) return { key: 'preflight.noBusiness', values: { pixel: pixelName(item) } };
  return null;
}

/** A business write (a new dataset) needs the admin role in that business. */
export function businessProblem(item: BusinessItem): PreflightProblem | null {
  if (!/^\d+$/.test(item.id)) return { key: 'preflight.notBusiness', values: { id: item.id } };
  if (item.roles && !item.roles.includes('ADMIN')) return { key: 'preflight.notBusinessAdmin', values: { business: pixelName(item) } };
  return null;
}

/** Thrown by `run` when a pixel that cannot be shared reaches it anyway (started without the dry run): nothing is sent. */
export class CannotShareError extends Error {}
