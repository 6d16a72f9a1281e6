// Small seeded random numbers: the data set and the fault dice must come out the same for the same
// seed on every machine, so nothing here may touch Math.random.

/** mulberry32: 32-bit state, good enough spread for test data, and very fast. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the text form of the parts: turns any seed (text or number) into 32 bits. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.map(String).join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  static of(...parts: (string | number)[]): Rng {
    return new Rng(hashSeed(...parts));
  }

  float(): number {
    return this.next();
  }

  /** integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** picks by weight: `[[value, weight], …]` */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of table) total += w;
    let r = this.next() * total;
    for (const [v, w] of table) {
      r -= w;
      if (r < 0) return v;
    }
    return table[table.length - 1]![0];
  }

  /** `count` distinct items (or fewer when the list is shorter) */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = Math.min(count, items.length);
    const picked = new Set<number>();
    while (picked.size < n) picked.add(Math.floor(this.next() * items.length));
    return [...picked].map((i) => items[i]!);
  }

  /** lower-case letters and digits */
  token(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
}
