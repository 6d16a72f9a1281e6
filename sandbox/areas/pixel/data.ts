// Pixels: one per business first, then at random; shared with up to four of the owner's accounts,
// some with an agency, assigned to the owner's admins.
import type { Dataset } from '../../dataset';
import { defineIdFamilies, hostileName, makeId, stripHostile } from '../../dataset';
import { DATA_EPOCH_S } from '../../constants';
import type { GenContext } from '../../area';
import type { AgencyLink } from '../adaccount/data';
import '../bm/data';

export interface Pixel {
  index: number;
  id: string;
  name: string;
  owner_business: string | null;
  creation_time: number;
  last_fired_time: number | null;
  is_unavailable: boolean;
  shared_accounts: string[];
  agencies: AgencyLink[];
  /** people with tasks on the pixel: a person's user id (business users) or a system user's id */
  assigned_users: { uid: string; tasks: string[] }[];
  /** 'dataset' for one made by `events_manager/dataset/create`; generated pixels leave it unset */
  kind?: 'dataset';
}

declare module '../../dataset' {
  interface Dataset {
    pixels: Map<string, Pixel>;
    pixelList: Pixel[];
  }
  interface Fixtures {
    pixels: Record<string, string>;
  }
  interface IdFamilies {
    pixel: true;
  }
}

defineIdFamilies({ pixel: 1400000000000000 });

export const PIXEL_COUNTS = { small: { pixels: 30 }, large: { pixels: 1_000 } };

export function generatePixels(data: Dataset, g: GenContext): void {
  const { rng, hostile } = g;
  data.pixels = new Map();
  data.pixelList = [];
  data.serial.pixel = g.size.pixels!;
  const bms = data.businessList;
  for (let i = 0; i < g.size.pixels!; i++) {
    const id = makeId('pixel', i);
    const owner = i < bms.length ? bms[i]! : bms[rng.int(0, bms.length - 1)]!;
    const px: Pixel = {
      index: i, id,
      name: hostileName(hostile, `${stripHostile(owner.name).split(' ').slice(0, 2).join(' ')} ${rng.pick(['Pixel', 'Dataset', 'Web events'])} ${i + 1}`, i),
      owner_business: owner.id,
      creation_time: DATA_EPOCH_S - rng.int(1, 2000) * 86400,
      last_fired_time: rng.chance(0.7) ? DATA_EPOCH_S - rng.int(0, 90) * 3600 : null,
      is_unavailable: rng.chance(0.05),
      shared_accounts: [], agencies: [], assigned_users: [],
    };
    const pool = owner.owned_accounts;
    for (const actId of rng.sample(pool, i === 0 ? Math.min(3, pool.length) : rng.int(0, 4))) {
      px.shared_accounts.push(actId);
      data.accounts.get(actId)!.pixels.push(id);
    }
    if (owner.agencies.length && rng.chance(0.3)) {
      const agency = data.businesses.get(rng.pick(owner.agencies))!;
      px.agencies.push({ business: agency.id, tasks: ['ANALYZE', 'ADVERTISE'] });
      agency.client_pixels.push(id);
    }
    const admins = owner.users.map((u) => data.businessUsers.get(u)!).filter((u) => u.role === 'ADMIN');
    for (const u of admins.slice(0, 2)) px.assigned_users.push({ uid: u.uid, tasks: ['EDIT', 'ANALYZE', 'ADVERTISE', 'UPLOAD'] });
    data.pixels.set(id, px);
    data.pixelList.push(px);
    owner.owned_pixels.push(id);
  }
  data.fixtures.pixels = { main: makeId('pixel', 0) };
}
