// Detailed targeting: `GET /search?type=adinterest&q=…` (docs/PLATFORM.md section 12) and, per ad
// account, `act_X/targetingsearch` and `act_X/targetingbrowse` (the taxonomy).
import { errors } from '../../errors';
import { plain, required, type Ctx, type EdgeDef, type Params, type Ref, type TypeDef } from '../../graph/core';
import type { AdAccount } from '../adaccount/data';
import { searchable, type Interest } from './data';

/** the platform answers at most this many search results */
export const SEARCH_MAX = 1000;

function interestRow(it: Interest, withType: boolean): Ref {
  const x: Record<string, unknown> = {
    id: it.id, name: it.name, audience_size_lower_bound: it.lower, audience_size_upper_bound: it.upper,
    path: it.path, description: it.description, topic: it.topic,
  };
  if (it.disambiguation_category) x.disambiguation_category = it.disambiguation_category;
  if (withType) x.type = 'interests';
  return plain(x);
}

/** matches like the platform: every word of the query starts a word of the name (case and accents ignored) */
export function matchInterests(ctx: Ctx, q: string): Interest[] {
  const words = searchable(q).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const hits = ctx.data.interestList.filter((it) => {
    const name = searchable(it.name);
    const nameWords = name.split(/[\s()\-/]+/);
    return words.every((w) => nameWords.some((n) => n.startsWith(w)) || name.includes(w));
  });
  // bigger audiences first, as the platform ranks them
  return hits.sort((a, b) => b.upper - a.upper).slice(0, SEARCH_MAX);
}

const SEARCH_TYPES = ['adinterest', 'adinterestsuggestion', 'adinterestvalid', 'adTargetingCategory', 'adgeolocation', 'adlocale'];

const searchEdge: EdgeDef<null> = {
  maxLimit: SEARCH_MAX,
  defaultLimit: 25,
  list: (_o, ctx, p) => matchInterests(ctx, required(p, 'q')).map((it) => interestRow(it, false)),
};

export const searchRootType: TypeDef<null> = {
  label: 'Search',
  defaults: [],
  id: () => 'search',
  fields: {},
  edges: { adinterest: searchEdge },
  rootEdge: (p: Params) => {
    const type = required(p, 'type');
    if (!SEARCH_TYPES.includes(type)) throw errors.invalidParam(`Param type must be one of {${SEARCH_TYPES.join(', ')}}`);
    if (type !== 'adinterest') throw errors.invalidParam(`Search type ${type} is not available in this sandbox`);
    return 'adinterest';
  },
};

export function findSearch(_ctx: Ctx, id: string): Ref | null {
  return id === 'search' ? { t: 'search_root', o: null } : null;
}

const accountEdges: Record<string, EdgeDef<AdAccount>> = {
  targetingsearch: {
    maxLimit: SEARCH_MAX,
    list: (_a, ctx, p) => matchInterests(ctx, required(p, 'q')).map((it) => interestRow(it, true)),
  },
  // the whole taxonomy in one answer, as the platform gives it
  targetingbrowse: {
    maxLimit: 50_000,
    defaultLimit: 50_000,
    list: (_a, ctx) => ctx.data.interestList.map((it) => interestRow(it, true)),
  },
};

export const targetExtensions = { adaccount: { edges: accountEdges } };
