/**
 * The area's loaders (the taxonomy of the chosen ad account, an interest search), also run by the
 * allow-list walk (tests/extension/allow-list-walk.test.ts) so every call of the area is checked.
 */
import type { Bridge } from '@kernel';
import { browseAccounts, browseTaxonomy, defaultAccount, searchInterests } from './api';
import type { Interest } from './interest';

/** The taxonomy of `account`, or of the session's first active ad account. */
export async function loadTaxonomy(bridge: Bridge, o: { account?: string; signal?: AbortSignal } = {}): Promise<Interest[]> {
  const account = o.account ?? defaultAccount(await browseAccounts(bridge, o));
  return account ? browseTaxonomy(bridge, account, o) : [];
}

export function loadInterestSearch(bridge: Bridge, o: { q?: string; signal?: AbortSignal } = {}): Promise<Interest[]> {
  return searchInterests(bridge, o.q ?? 'fitness', o);
}
