// Generates the data set from (seed, scale, hostile) alone, area by area in the order of
// areas/index.ts, so the same inputs give the same objects on every machine.
import { Rng, hashSeed } from './prng';
import { idFamilies, type Dataset, type Scale } from './dataset';
import { AREAS } from './areas';

/** objects of each kind per scale, as the areas declare them */
export const SCALES: Record<Scale, Record<string, number>> = { small: {}, large: {} };
for (const area of AREAS) {
  for (const scale of ['small', 'large'] as const) Object.assign(SCALES[scale], area.counts?.[scale] ?? {});
}

export function generate(seedIn: string | number, scale: Scale, hostile: boolean): Dataset {
  const seed = String(seedIn);
  const shared = new Rng(hashSeed('tessera-sandbox', seed, scale));
  const serial = Object.fromEntries(idFamilies().map((f) => [f, 0])) as Dataset['serial'];
  const data = { seed, scale, hostile, sessionUserId: '', serial, fixtures: { sessionUser: '' } } as Dataset;
  for (const area of AREAS) {
    if (!area.generate) continue;
    const rng = area.sharedStream ? shared : new Rng(hashSeed('tessera-sandbox', area.id, seed, scale));
    area.generate(data, { rng, scale, hostile, size: area.counts?.[scale] ?? {} });
  }
  return data;
}
