// Pages: owned by a business (≈85%), some shared with an agency, roles with tasks. What the
// ad-account and business areas need; the page area's own endpoints extend it.
import type { Dataset } from '../../dataset';
import { ADJ, NOUN, REGIONS, defineIdFamilies, hostileName, makeId } from '../../dataset';
import { DATA_EPOCH_S, PAGE_TASKS } from '../../constants';
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
}

declare module '../../dataset' {
  interface Dataset {
    pages: Map<string, Page>;
    pageList: Page[];
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
}
