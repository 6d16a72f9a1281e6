import { AD_ACCOUNT_NODE_PREFIX } from '../../../protocol';
import { GraphError } from '../bridge/bridge';

/**
 * Id guards: what an operator pastes (or a list row holds) made into the one form a request takes,
 * and anything else refused with a clear error before a URL path, a form field or a GraphQL variable
 * is built from it. Surrounding white space is dropped; an ad account is accepted as a Graph node or as
 * its bare number (the node prefix is the platform's, protocol/hosts.ts);
 * the other objects are their digits. Links and names are not ids: the parameter layer resolves them.
 */
const DIGITS = /^\d{1,20}$/;

/** A refusal: no request went out (status 0, no code), so the runner reports it as the item's failure. */
function notAn(what: string, id: unknown): GraphError {
  return new GraphError(`not ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what} id: ${String(id)}`, 0);
}

/** Digits of an object of the kind `what` (business, page, person, pixel, user …); anything else throws. */
export function asNode(id: string, what: string): string {
  const s = typeof id === 'string' ? id.trim() : typeof id === 'number' ? String(id) : '';
  if (!DIGITS.test(s)) throw notAn(what, id);
  return s;
}

/** The digits of an ad account, given as a node or bare: the form GraphQL documents and web forms take. */
export function asAccountDigits(id: string): string {
  const s = typeof id === 'string' ? id.trim() : typeof id === 'number' ? String(id) : '';
  const digits = s.startsWith(AD_ACCOUNT_NODE_PREFIX) ? s.slice(AD_ACCOUNT_NODE_PREFIX.length) : s;
  if (!DIGITS.test(digits)) throw notAn('ad account', id);
  return digits;
}

/** An ad account as a Graph node, whether the node or the bare number was given. */
export function asAccount(id: string): string {
  return `${AD_ACCOUNT_NODE_PREFIX}${asAccountDigits(id)}`;
}

export const asBusiness = (id: string): string => asNode(id, 'business');
export const asPage = (id: string): string => asNode(id, 'page');
/** A person (a profile, a user of a page or a pixel). */
export const asPerson = (id: string): string => asNode(id, 'profile');
/** A pixel or an events dataset: the platform numbers both alike (a platform object, not an area's). */
export const asPixel = (id: string): string => asNode(id, 'pixel or dataset');
