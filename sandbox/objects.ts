// GET S/__sandbox/objects/{type}/{id}: an object's current state as the sandbox holds it (money in
// minor units as numbers, times in epoch seconds), with its relations spelled out for tests. Each
// area answers for the types it owns.
import type { Dataset } from './dataset';
import { AREAS } from './areas';

export function objectState(data: Dataset, type: string, id: string): Record<string, unknown> | null {
  for (const area of AREAS) {
    const read = area.objects && Object.hasOwn(area.objects, type) ? area.objects[type] : undefined;
    if (read) return read(data, id);
  }
  return null;
}
