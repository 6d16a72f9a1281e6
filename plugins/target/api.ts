/**
 * Requests of the interest-targeting area (docs/PLATFORM.md section 12 and "Interest targeting: values
 * decided"): the interest search, the taxonomy of an ad account and the accounts to browse with.
 * Reads only: nothing here changes anything on the platform.
 */
import { asAccount, expectRows, followNextLinks, type Bridge, type CallOptions, type Shape } from '@kernel';
import { toInterest, type Interest, type RawInterest } from './interest';

/** One search answers this many interests at most (docs/SPEC.md, targeting: limit 500). */
export const SEARCH_LIMIT = 500;
/** The ad accounts the browse picker offers: one page of me/adaccounts. */
export const ACCOUNT_LIMIT = 100;

/**
 * The fields the area relies on in an interest row (src/kernel/platform/shape.ts): a reply without
 * them is "reply changed" for the call family named, never rows of empty cells. The audience bounds,
 * path and topic are left out by the platform where it has none.
 */
const INTEREST_SHAPE: Shape = {
  id: 'string', name: 'string', type: 'string?', audience_size_lower_bound: 'number?', audience_size_upper_bound: 'number?', path: 'array?', topic: 'string?', description: 'string?',
};

/** `GET /search?type=adinterest&q=…&limit=500` (`limit` asks fewer): interests with their audience size range and path. */
export async function searchInterests(bridge: Bridge, q: string, o: CallOptions & { limit?: number } = {}): Promise<Interest[]> {
  const query = q.trim();
  if (!query) return [];
  const { body } = await bridge.graph<{ data?: RawInterest[] }>({ path: 'search', params: { type: 'adinterest', q: query, limit: o.limit ?? SEARCH_LIMIT, locale: 'en_US' } }, { signal: o.signal });
  return expectRows<RawInterest>('target.search', body?.data ?? [], INTEREST_SHAPE).map(toInterest);
}

/** `GET act_X/targetingbrowse`: the whole interest taxonomy the account may target. */
export async function browseTaxonomy(bridge: Bridge, accountId: string, o: CallOptions & { maxPages?: number } = {}): Promise<Interest[]> {
  const out: Interest[] = [];
  for await (const page of followNextLinks<RawInterest>(bridge, `${asAccount(accountId)}/targetingbrowse`, { limit_type: 'interests', include_nodes: true }, { signal: o.signal, maxPages: o.maxPages })) {
    for (const row of expectRows<RawInterest>('target.browse', page, INTEREST_SHAPE)) if (!row.type || row.type === 'interests') out.push(toInterest(row));
  }
  return out;
}

export interface AccountChoice { id: string; name: string; account_status: number }

/** The session user's ad accounts for the browse picker, active ones first. */
export async function browseAccounts(bridge: Bridge, o: CallOptions & { limit?: number } = {}): Promise<AccountChoice[]> {
  const { body } = await bridge.graph<{ data?: Partial<AccountChoice>[] }>({ path: 'me/adaccounts', params: { fields: 'id,name,account_status', limit: o.limit ?? ACCOUNT_LIMIT } }, { signal: o.signal });
  return expectRows<Partial<AccountChoice>>('target.accounts', body?.data ?? [], { id: 'string', name: 'string', account_status: 'number' }).map((a) => ({ id: String(a.id), name: a.name ?? '', account_status: Number(a.account_status ?? 0) }));
}

/** The account the browser starts with: the first active one (status 1), else the first. */
export function defaultAccount(accounts: readonly AccountChoice[]): string | null {
  return (accounts.find((a) => a.account_status === 1) ?? accounts[0])?.id ?? null;
}
