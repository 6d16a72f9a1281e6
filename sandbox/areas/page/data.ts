// Pages: owned by a business (≈85%), some shared with an agency, roles with tasks. What the
// ad-account and business areas need; the page area's own endpoints extend it.
import type { Dataset } from '../../dataset';
import { ADJ, NOUN, REGIONS, defineIdFamilies, hostileName, makeId } from '../../dataset';
import { DATA_EPOCH_S, PAGE_TASKS } from '../../constants';
import { Rng } from '../../prng';
import type { GenContext } from '../../area';
import { otherUsers } from '../core/data';
import '../bm/data';

export interface Page {
  index: number;
  id: string;
  name: string;
  category: string;
  fan_count: number;
  verification_status: string;
  is_published: boolean;
  created_time: number;
  promotion_eligible: boolean;
  owner_business: string | null;
  client_businesses: string[];
  roles: { uid: string; tasks: string[] }[];
  website: string;
  phone: string;
  emails: string[];
  country: string;
  // The page area's own state. Optional: pages made elsewhere (bm's create-page) start without it.
  /** the vanity name of the page link (facebook.com/<username>), derived without drawing from any stream */
  username?: string;
  /** epoch seconds: deactivated until then (7 days); null or absent: active */
  deactivated_until?: number | null;
  deactivated_time?: number | null;
  /** deleted after the password re-check: gone from every list, still visible through /__sandbox/objects */
  deleted?: boolean;
  /** blocked people: user ids with the setting type they were blocked under */
  blocked?: { id: string; type: 'PAGE' | 'USER'; time: number }[];
  /** the page's blocked keywords (the moderation blocklist) */
  keywords?: string[];
  profanity_filter?: 'OFF' | 'MEDIUM' | 'HIGH';
  reviews_enabled?: boolean;
  /** admins invited through the web flow, pending acceptance */
  admin_invites?: { uid: string; full_control: boolean; time: number }[];
  appeal?: { status: string; comment: string | null; time: number } | null;
  restricted?: boolean;
  name_changed_time?: number | null;
}

declare module '../../dataset' {
  interface Dataset {
    pages: Map<string, Page>;
    pageList: Page[];
    /** epoch seconds until which the session's password re-check holds (destructive page writes need it) */
    pageReauthUntilS?: number;
    /** the session user's own appeal (docs/PLATFORM.md, pages) */
    userAppeal?: { status: string; comment: string | null; time: number } | null;
  }
  interface Fixtures {
    pages: Record<string, string>;
  }
  interface IdFamilies {
    page: true;
  }
}

defineIdFamilies({ page: 104000000000000 });

export const PAGE_COUNTS = { small: { pages: 50 }, large: { pages: 2_000 } };

export const PAGE_CATEGORIES = ['Shopping & retail', 'Clothing (Brand)', 'Health/beauty', 'Electronics', 'Games/toys',
  'Restaurant', 'Travel company', 'Media/news company', 'Education', 'Fitness trainer', 'Jewelry/watches', 'Home decor'];

export function generatePages(data: Dataset, g: GenContext): void {
  const { rng, hostile } = g;
  data.pages = new Map();
  data.pageList = [];
  data.serial.page = g.size.pages!;
  const session = data.sessionUserId;
  const others = otherUsers(data);
  const bms = data.businessList;
  for (let i = 0; i < g.size.pages!; i++) {
    const id = makeId('page', i);
    const owner = i === 0 ? bms[0]! : rng.chance(0.85) ? bms[rng.int(0, bms.length - 1)]! : null;
    const category = rng.pick(PAGE_CATEGORIES);
    const p: Page = {
      index: i, id,
      name: hostileName(hostile, `${rng.pick(ADJ)} ${rng.pick(NOUN)} ${category.split(/[ /(]/)[0]}`, i),
      category,
      fan_count: Math.floor(rng.float() ** 4 * 2_000_000),
      verification_status: rng.weighted([['not_verified', 8], ['blue_verified', 1], ['gray_verified', 1]] as const),
      is_published: i === 0 || rng.chance(0.9),
      created_time: DATA_EPOCH_S - rng.int(1, 4000) * 86400,
      promotion_eligible: rng.chance(0.8),
      owner_business: owner?.id ?? null,
      client_businesses: [],
      roles: [],
      website: `https://shop-${i}.example.test`,
      phone: `+1 555 01${String(i % 100).padStart(2, '0')}`,
      emails: [`page${i}@example.test`],
      country: rng.pick(REGIONS),
    };
    if (i === 0 || rng.chance(0.8)) p.roles.push({ uid: session, tasks: [...PAGE_TASKS] });
    for (const uid of rng.sample(others, rng.int(0, 2))) p.roles.push({ uid, tasks: rng.chance(0.5) ? [...PAGE_TASKS] : ['ADVERTISE', 'ANALYZE'] });
    data.pages.set(id, p);
    data.pageList.push(p);
    if (owner) {
      owner.owned_pages.push(id);
      if (!owner.primary_page) owner.primary_page = id;
      if (owner.agencies.length && rng.chance(0.3)) {
        const agency = data.businesses.get(rng.pick(owner.agencies))!;
        p.client_businesses.push(agency.id);
        agency.client_pages.push(id);
      }
    }
  }
  data.fixtures.pages = { main: makeId('page', 0) };
  addPageAreaState(data);
}

/** The sandbox's password for the session user's re-check (docs/PLATFORM.md, pages; sandbox/README.md). */
export const SESSION_PASSWORD = 'sandbox-password';

const slug = (s: string) => s.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '').slice(0, 40) || 'page';

/**
 * The page area's state: vanity names (from the name and index, no random draw), block lists,
 * keywords, a restricted page (index 1), from a stream of its own — so no data generated before moves.
 */
function addPageAreaState(data: Dataset): void {
  const rng = Rng.of('page-area', data.seed);
  const users = [...data.users.keys()];
  for (const p of data.pageList) {
    p.username = `${slug(p.name)}.${p.index}`;
    p.deactivated_until = null;
    p.deactivated_time = null;
    p.blocked = rng.sample(users.slice(1), rng.int(0, 3)).map((id) => ({ id, type: rng.chance(0.7) ? 'PAGE' as const : 'USER' as const, time: DATA_EPOCH_S - rng.int(1, 300) * 86400 }));
    p.keywords = rng.chance(0.4) ? rng.sample(KEYWORD_POOL, rng.int(1, 6)) : [];
    p.profanity_filter = rng.pick(['OFF', 'MEDIUM', 'HIGH'] as const);
    p.reviews_enabled = rng.chance(0.7);
    p.admin_invites = [];
    p.appeal = null;
    p.restricted = false;
  }
  // a restricted page for the appeals, at a fixed index so the fixture does not depend on the seed
  const restricted = data.pageList[1];
  if (restricted) { restricted.restricted = true; data.fixtures.pages.restricted = restricted.id; }
}

export const KEYWORD_POOL = ['scam', 'refund now', 'fake', 'spam link', 'free money', 'giveaway', 'click here', 'dm me', 'cheap followers', 'crypto'];
