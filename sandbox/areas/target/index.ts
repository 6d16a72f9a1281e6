// The interest-targeting area: the generated interest taxonomy, `/search?type=adinterest` and the
// ad account's targeting search and browse.
import type { SandboxArea } from '../../area';
import { INTEREST_COUNTS, generateInterests } from './data';
import { findSearch, searchRootType, targetExtensions } from './graph';

export const targetArea: SandboxArea = {
  id: 'target',
  counts: INTEREST_COUNTS,
  generate: generateInterests,
  types: { search_root: searchRootType },
  extend: targetExtensions,
  findNode: findSearch,
  objects: {
    interest: (data, id) => {
      const it = data.interests.get(id);
      return it ? { type: 'interest', ...it } : null;
    },
  },
  summary: (data) => ({ interests: data.interests.size }),
};
