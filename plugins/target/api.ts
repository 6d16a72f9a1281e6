/**
 * Requests of the interest-targeting area (docs/PLATFORM.md section 12 and "Interest targeting: values
 * decided"): the interest search, the taxonomy of an ad account and the accounts to browse with.
 * Reads only: nothing here changes anything on the platform.
 */
import { asAccount, followNextLinks, type Bridge, type CallOptions } from '@kernel';
import { toInterest, type Interest, type RawInterest } from './interest';

/** One search answers this many interests at most (docs/SPEC.md, targeting: limit 500). */
export const SEARCH_LIMIT = 500;
/** The ad accounts the browse picker offers: one page of me/adaccounts. */
export const ACCOUNT_LIMIT = 100;

/** `GET /search?type=adinterest&q=…&limit=500`: interests with their audience size range and path. */
export async function searchInterests(bridge: Bridge, q: string, o: CallOptions = {}): Promise<Interest[]> {
  const query = q.trim();
  if (!query) return [];
  const { body } = await bridge.graph<{ data?: RawInterest[] }>({ path: 'search', params: { type: 'adinterest', q: query, limit: SEARCH_LIMIT, locale: 'en_US' } }, { signal: o.signal });
  return (body?.data ?? []).map(toInterest);
}

/** `GET act_X/targetingbrowse`: the whole interest taxonomy the account may target. */
export async function browseTaxonomy(bridge: Bridge, accountId: string, o: CallOptions = {}): Promise<Interest[]> {
  const out: Interest[] = [];
  for await (const page of followNextLinks<RawInterest>(bridge, `${asAccount(accountId)}/targetingbrowse`, { limit_type: 'interests', include_nodes: true }, { signal: o.signal })) {
    for (const row of page) if (!row.type || row.type === 'interests') out.push(toInterest(row));
  }
  return out;
}

export interface AccountChoice { id: string; name: string; account_status: number }

/** The session user's ad accounts for the browse picker, active ones first. */
export async function browseAccounts(bridge: Bridge, o: CallOptions = {}): Promise<AccountChoice[]> {
  const { body } = await bridge.graph<{ data?: Partial<AccountChoice>[] }>({ path: 'me/adaccounts', params: { fields: 'id,name,account_status', limit: ACCOUNT_LIMIT } }, { signal: o.signal });
  return (body?.data ?? []).map((a) => ({ id: String(a.id), name: a.name ?? '', account_status: Number(a.account_status ?? 0) }));
}

/** The account the browser starts with: the first active one (status 1), else the first. */
export function defaultAccount(accounts: readonly AccountChoice[]): string | null {
  return (accounts.find((a) => a.account_status === 1) ?? accounts[0])?.id ?? null;
}
