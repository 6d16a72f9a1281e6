// The sandbox's areas, in the order they generate their data. A new area is one folder and one line
// here; it gets a random stream of its own (area.ts, `sharedStream`), so no other area's data moves.
import { installAreas, type SandboxArea } from '../area';
import { coreArea } from './core';
import { businessArea } from './bm';
import { adAccountArea } from './adaccount';
import { pageArea } from './page';
import { pixelArea } from './pixel';
import { targetArea } from './target';
import { adcommentArea } from './adcomment';
import { friendArea } from './friend';

export const AREAS: readonly SandboxArea[] = [
  coreArea,
  businessArea,
  adAccountArea,
  pageArea,
  pixelArea,
  targetArea,
  adcommentArea,
  friendArea,
];

installAreas(AREAS);
