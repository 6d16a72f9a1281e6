// Businesses (business managers) with their people, invitations, system users, partners, asset
// groups and connections. The ad-account, page and pixel areas fill the asset lists of a business.
import type { Dataset } from '../../dataset';
import { ADJ, NOUN, defineIdFamilies, hostileName, makeId, nextId } from '../../dataset';
import { DATA_EPOCH_S, TIMEZONES } from '../../constants';
import type { Rng } from '../../prng';
import type { GenContext } from '../../area';
import { otherUsers } from '../core/data';

export interface Business {
  index: number;
  id: string;
  name: string;
  created_by: string;
  created_time: number;
  is_disabled_for_integrity_reasons: boolean;
  can_use_extended_credit: boolean;
  verification_status: string;
  sharing_eligibility_status: string;
  allow_page_management_in_www: boolean;
  can_add_or_create_page: boolean;
  primary_page: string | null;
  ad_account_limit: number;
  vertical: string;
  timezone_id: number;
  two_factor_type: string;
  users: string[];
  /** Business users the business_users edge does not list (hidden administrators); the settings people list shows them. */
  hidden: string[];
  pending: string[];
  owned_accounts: string[];
  client_accounts: string[];
  owned_pages: string[];
  client_pages: string[];
  owned_pixels: string[];
  client_pixels: string[];
  /** businesses acting as agencies (partners) for this one */
  agencies: string[];
  /** businesses this one is an agency for */
  clients: string[];
  asset_groups: string[];
  system_users: { id: string; name: string; role: string }[];
}

export interface BusinessUser {
  id: string;
  business: string;
  uid: string;
  role: string;
  title: string;
  email: string;
  pending_email: string;
  two_fac_status: string;
  is_two_fac_blocked: boolean;
  was_integrity_demoted: boolean;
  /** asset id → tasks */
  assigned: Record<string, string[]>;
}

export interface Invite {
  id: string;
  business: string;
  email: string;
  role: string;
  status: string;
  created_time: number;
  expiration_time: number;
}

export interface AssetGroup {
  id: string;
  business: string;
  name: string;
  assets: string[];
}

export interface Connection {
  business: string;
  from_id: string;
  from_type: string;
  to_id: string;
  to_type: string;
}

declare module '../../dataset' {
  interface Dataset {
    businesses: Map<string, Business>;
    businessList: Business[];
    businessUsers: Map<string, BusinessUser>;
    invites: Map<string, Invite>;
    assetGroups: Map<string, AssetGroup>;
    connections: Connection[];
  }
  interface Fixtures {
    businesses: Record<string, string>;
  }
  interface IdFamilies {
    business: true;
    businessUser: true;
    invite: true;
    systemUser: true;
    assetGroup: true;
  }
}

defineIdFamilies({
  business: 100200000000000, businessUser: 122000000000000, invite: 123000000000000, systemUser: 61560000000000, assetGroup: 125000000000000,
});

export const BUSINESS_COUNTS = { small: { businesses: 10 }, large: { businesses: 300 } };

const SUFFIX = ['Media', 'Digital', 'Commerce', 'Labs', 'Group', 'Trading Co.', 'Ventures', 'Studio', 'Ads', 'Holdings'];
const VERTICALS = ['ECOMMERCE', 'ADVERTISING', 'RETAIL', 'GAMING', 'TECHNOLOGY', 'TRAVEL', 'ENTERTAINMENT', 'OTHER'];

export function generateBusinesses(data: Dataset, g: GenContext): void {
  const { rng, hostile, scale } = g;
  data.businesses = new Map();
  data.businessList = [];
  data.businessUsers = new Map();
  data.invites = new Map();
  data.assetGroups = new Map();
  data.connections = [];
  data.serial.business = g.size.businesses!;
  const session = data.sessionUserId;
  const userIds = [...data.users.keys()];
  const others = otherUsers(data);

  for (let i = 0; i < g.size.businesses!; i++) {
    const id = makeId('business', i);
    const base = `${rng.pick(ADJ)} ${rng.pick(NOUN)} ${rng.pick(SUFFIX)}`;
    const b: Business = {
      index: i, id,
      name: hostileName(hostile, i < 4 ? `${base} ${['(main)', '(agency)', '(employee)', '(restricted)'][i]}` : base, i),
      created_by: i < 4 ? session : rng.pick(userIds),
      created_time: DATA_EPOCH_S - rng.int(30, 3650) * 86400 - rng.int(0, 86399),
      is_disabled_for_integrity_reasons: i === 3 || (i > 3 && rng.chance(0.08)),
      can_use_extended_credit: i === 0 || rng.chance(0.2),
      verification_status: i === 0 ? 'verified' : rng.weighted([['verified', 3], ['not_verified', 6], ['pending_submission', 1], ['failed', 1]] as const),
      sharing_eligibility_status: i === 3 ? 'disabled_due_to_trust_tier' : 'enabled',
      allow_page_management_in_www: rng.chance(0.7),
      can_add_or_create_page: i !== 3,
      primary_page: null,
      ad_account_limit: i === 0 ? 5000 : rng.weighted([[1, 4], [2, 2], [3, 1], [5, 2], [10, 1], [50, 1], [100, 1], [250, 1], [5000, 1]] as const),
      vertical: rng.pick(VERTICALS),
      timezone_id: rng.pick(TIMEZONES).id,
      two_factor_type: rng.pick(['none', 'admin_required', 'all_required']),
      users: [], hidden: [], pending: [], owned_accounts: [], client_accounts: [], owned_pages: [], client_pages: [],
      owned_pixels: [], client_pixels: [], agencies: [], clients: [], asset_groups: [], system_users: [],
    };
    data.businesses.set(id, b);
    data.businessList.push(b);

    // the session user is in every business: ADMIN except in the "employee" fixture and a few others
    const sessionRole = i === 2 ? 'EMPLOYEE' : i < 4 ? 'ADMIN' : rng.weighted([['ADMIN', 85], ['EMPLOYEE', 15]] as const);
    addBusinessUser(data, rng, b, session, sessionRole);
    const memberCount = scale === 'large' ? rng.int(2, 8) : rng.int(3, 12);
    for (const uid of rng.sample(others, memberCount)) {
      addBusinessUser(data, rng, b, uid, rng.weighted([['ADMIN', 3], ['EMPLOYEE', 6], ['FINANCE_EDITOR', 1], ['DEVELOPER', 1]] as const));
    }
    const invites = i === 0 ? 2 : rng.int(0, 4);
    for (let k = 0; k < invites; k++) {
      const inv: Invite = {
        id: nextId(data, 'invite'), business: id,
        email: `invitee.${i}.${k}.${rng.token(4)}@example.test`,
        role: rng.weighted([['EMPLOYEE', 3], ['ADMIN', 1]] as const),
        status: 'PENDING',
        created_time: DATA_EPOCH_S - rng.int(0, 20) * 86400,
        expiration_time: 0,
      };
      inv.expiration_time = inv.created_time + 30 * 86400;
      data.invites.set(inv.id, inv);
      b.pending.push(inv.id);
    }
    const systemUsers = rng.int(0, 2);
    for (let k = 0; k < systemUsers; k++) {
      b.system_users.push({ id: nextId(data, 'systemUser'), name: `System user ${k + 1}`, role: k === 0 ? 'ADMIN' : 'EMPLOYEE' });
    }
  }
  const bms = data.businessList;
  const bmId = (i: number) => bms[i]!.id;
  data.fixtures.businesses = { main: bmId(0), agency: bmId(1), employeeOnly: bmId(2), restricted: bmId(3) };

  addHiddenAdmins(data);

  // partners: business 1 is an agency of business 0; others at random
  link(bms[1]!, bms[0]!);
  for (const b of bms.slice(2)) {
    if (!rng.chance(0.4)) continue;
    for (const agency of rng.sample(bms, rng.int(1, 2))) if (agency !== b) link(agency, b);
  }
}

/**
 * Hidden administrators: `main` and every fifth business from index 4 get one ADMIN whom
 * business_users does not list. Chosen without drawing from the stream (so no other data moves) and
 * added after every listed business user (so their ids keep their values).
 */
function addHiddenAdmins(data: Dataset) {
  const others = otherUsers(data);
  for (const b of data.businessList) {
    if (b.index !== 0 && b.index % 5 !== 4) continue;
    const members = new Set(b.users.map((id) => data.businessUsers.get(id)?.uid));
    const uid = others.find((u, k) => k >= (b.index * 7) % others.length && !members.has(u)) ?? others.find((u) => !members.has(u));
    if (!uid) continue;
    const bu = addBusinessUser(data, null, b, uid, 'ADMIN', false);
    b.hidden.push(bu.id);
  }
}

function addBusinessUser(data: Dataset, rng: Rng | null, b: Business, uid: string, role: string, listed = true): BusinessUser {
  const person = data.users.get(uid)!;
  const bu: BusinessUser = {
    id: nextId(data, 'businessUser'), business: b.id, uid, role,
    title: listed ? rng!.pick(['', 'Media buyer', 'Account manager', 'Designer', 'Analyst', 'Owner']) : '',
    email: person.email,
    pending_email: listed && rng!.chance(0.05) ? `new.${person.email}` : '',
    two_fac_status: listed ? rng!.weighted([['enabled', 7], ['not_enabled', 3]] as const) : 'not_enabled',
    is_two_fac_blocked: listed ? rng!.chance(0.03) : false,
    was_integrity_demoted: listed ? rng!.chance(0.02) : false,
    assigned: {},
  };
  data.businessUsers.set(bu.id, bu);
  if (listed) b.users.push(bu.id);
  return bu;
}

function link(agency: Business, client: Business) {
  if (agency.clients.includes(client.id)) return;
  agency.clients.push(client.id);
  client.agencies.push(agency.id);
}
