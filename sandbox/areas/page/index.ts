// The page area: the page node and the page parts of users, businesses and business users. The
// page plugin's own endpoints (GraphQL documents, web forms) are added here as it is built.
import type { SandboxArea } from '../../area';
import { PAGE_COUNTS, generatePages } from './data';
import { findPage, pageExtensions, pageType } from './graph';

export const pageArea: SandboxArea = {
  id: 'page',
  counts: PAGE_COUNTS,
  sharedStream: true,
  generate: generatePages,
  types: { page: pageType },
  extend: pageExtensions,
  findNode: findPage,
  objects: {
    page: (data, id) => {
      const p = data.pages.get(id);
      return p ? { type: 'page', ...p } : null;
    },
  },
  summary: (data) => ({ pages: data.pages.size }),
};
