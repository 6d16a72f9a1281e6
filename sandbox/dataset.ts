// The core of the sandbox's data set: the Dataset every area fills, the id families, and the name
// helpers several areas share. Each area adds its own collections to Dataset (and its own fixtures
// to Fixtures) by declaration merging in its data.ts, so a new area never edits this file; see
// sandbox/README.md "Areas".
//
// Ids are a base plus a serial, one base per family so no two families collide and every id is a
// plain decimal string like the platform's (all below 2^53). Ids depend only on an object's index,
// never on the seed (README "Stable ids").

export type Scale = 'small' | 'large';

/** Areas add their collections here (`declare module '…/dataset' { interface Dataset { … } }`). */
export interface Dataset {
  seed: string;
  scale: Scale;
  hostile: boolean;
  sessionUserId: string;
  /** next serial per id family, for objects created by writes */
  serial: Record<IdFamily, number>;
  fixtures: Fixtures;
}

/** Ids with fixed properties, by what they are good for; areas add their own group. */
export interface Fixtures {
  sessionUser: string;
}

/** Areas add their families here (`interface IdFamilies { account: true }`) and their bases with defineIdFamilies. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IdFamilies {}
export type IdFamily = keyof IdFamilies & string;

const ID_BASE = new Map<string, number>();

/** registers id families; a second area claiming a family or a base is a programming error */
export function defineIdFamilies(bases: Partial<Record<IdFamily, number>>): void {
  for (const [family, base] of Object.entries(bases) as [string, number][]) {
    const known = ID_BASE.get(family);
    if (known !== undefined && known !== base) throw new Error(`sandbox: id family ${family} is defined twice`);
    for (const [other, b] of ID_BASE) if (b === base && other !== family) throw new Error(`sandbox: id families ${family} and ${other} share a base`);
    ID_BASE.set(family, base);
  }
}

export function idFamilies(): IdFamily[] {
  return [...ID_BASE.keys()] as IdFamily[];
}

export function makeId(family: IdFamily, serial: number): string {
  const base = ID_BASE.get(family);
  if (base === undefined) throw new Error(`sandbox: unknown id family ${family}`);
  return String(base + serial + 1);
}

export function nextId(data: Dataset, family: IdFamily): string {
  return makeId(family, data.serial[family]++);
}

// ---------------------------------------------------------------------------------------------
// names several areas draw from (the draw order is part of the data set: do not reorder)

export const ADJ = ['Blue', 'Northern', 'Bright', 'Silver', 'Golden', 'Rapid', 'Quiet', 'Crimson', 'Urban', 'Coastal', 'Prime',
  'Lucky', 'Nimble', 'Solar', 'Green', 'Iron', 'Velvet', 'Summit', '星辰', '东方', '极光', '云端'];
export const NOUN = ['Harbor', 'Peak', 'Orchard', 'Falcon', 'Lantern', 'Meadow', 'Forge', 'Compass', 'Atlas', 'Beacon', 'Cedar',
  'Delta', 'Ember', 'Fjord', 'Grove', 'Horizon', '传媒', '科技', '贸易', '数码'];
export const REGIONS = ['US', 'EU', 'JP', 'KR', 'VN', 'ID', 'TW', 'HU', 'LATAM', 'CN', 'UK', 'BR', 'IN', 'SEA', 'MENA'];

/**
 * Hostile variants: markup and script, right-to-left text, emoji, a 500-character name, and the
 * executor's own placeholder syntax (which the extension must never expand inside a name).
 */
const HOSTILE: ((base: string, i: number) => string)[] = [
  (b) => `<script>alert('xss')</script>${b}`,
  (b) => `<img src=x onerror="alert(document.cookie)">${b}`,
  (b) => `\u202E${b} gnp.exe`,
  (b) => `حساب إعلاني ${b} مرحبا`,
  (b) => `חשבון פרסום ${b}\u200F`,
  (b) => `🚀🔥 ${b} 👩‍👩‍👧‍👦🏳️‍🌈`,
  (b, i) => longName(b, i),
  (b) => `"quoted" & 'apos' <b>bold</b> ${b}`,
  (b) => `{{access_token}} ${b} {{fb_dtsg}}`,
  (b) => `javascript:alert(1)// ${b}`,
  (b) => `${b}\u200B\u200D\u2028 ../../etc/passwd %s %n`,
  (b) => `</td></tr><tr><td>${b}<!--`,
];
export const HOSTILE_PATTERN_COUNT = HOSTILE.length;

function longName(base: string, i: number): string {
  let s = `${base} #${i} `;
  const filler = '長い名前-long-name-très-long ';
  while (s.length < 500) s += filler;
  return s.slice(0, 500);
}

/** every odd-indexed object of a hostile data set gets a hostile name; even ones stay plain */
export function hostileName(hostile: boolean, base: string, index: number): string {
  if (!hostile || index % 2 === 0) return base;
  return HOSTILE[(index >> 1) % HOSTILE.length]!(base, index);
}

export function stripHostile(name: string): string {
  return name.replace(/<[^>]*>/g, '').slice(0, 60).trim() || 'Business';
}

export function dropId(list: string[], id: string): boolean {
  const i = list.indexOf(id);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}
