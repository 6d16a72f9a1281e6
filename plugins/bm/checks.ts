/**
 * What the dry run says about a business before anything is sent: each action's effect in the
 * operator's words (`describe`) and what the list's own data already shows (`preflight`): the
 * operator is not an admin of the business, the business is restricted. Keys are in this plugin's
 * locale (`effects.*`, `preflight.*`).
 */
import type { JobItem, PreflightProblem } from '@kernel';

/** A business as the list publishes it with its selection (views/BusinessList.tsx `toItem`). */
export interface BusinessItem extends JobItem {
  name?: string;
  /** "true" / "false" from the restriction check, '' when not read. */
  isRestricted?: string;
  /** The operator's roles on the business (permitted_roles). */
  roles?: string[];
  bmtype?: string;
  /** The paired entry of a pair action (an e-mail, a business-user id, an ad account). */
  pair?: string;
}

/** A value the dialog translates in this plugin's namespace before it fills the sentence. */
export const label = (key: string) => ({ t: key });

/** The business as the dry run names it: "Name (id)". */
export const businessName = (item: BusinessItem) => (item.name ? `${item.name} (${item.id})` : item.id);

/** What a change needs: `admin` to change people, partners and assets; `usable` also a business that is not restricted. */
export type Needs = 'admin' | 'usable';

export function businessProblem(item: BusinessItem, needs: Needs): PreflightProblem | null {
  if (!/^\d+$/.test(item.id)) return { key: 'preflight.notBusiness', values: { id: item.id } };
  if (item.roles && !item.roles.includes('ADMIN')) return { key: 'preflight.notAdmin', values: { business: businessName(item) } };
  if (needs === 'usable' && item.isRestricted === 'true') return { key: 'preflight.restricted', values: { business: businessName(item) } };
  return null;
}

/** The pair of a pair item, or for an item run without pairs the first entry of the list parameter. */
export function pairOf(item: BusinessItem, list: string | readonly string[] | undefined): string {
  if (typeof item.pair === 'string') return item.pair;
  return Array.isArray(list) ? list[0] ?? '' : typeof list === 'string' ? list : '';
}
