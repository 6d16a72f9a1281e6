// The page area: the page node and the page parts of users, businesses and business users, the
// page plugin's GraphQL documents (lifecycle, roles, moderation, appeals) and its web forms.
import type { GraphqlDoc, SandboxArea } from '../../area';
import { PAGE_COUNTS, generatePages } from './data';
import { findPage, pageExtensions, pageType } from './graph';
import { pageHandlers } from './graphql';
import { pageWeb } from './web';
import docs from './graphql-docs.json';

export const pageArea: SandboxArea = {
  id: 'page',
  counts: PAGE_COUNTS,
  sharedStream: true,
  generate: generatePages,
  types: { page: pageType },
  extend: pageExtensions,
  findNode: findPage,
  graphql: { docs: docs as unknown as Record<string, GraphqlDoc>, handlers: pageHandlers },
  web: pageWeb,
  objects: {
    page: (data, id) => {
      const p = data.pages.get(id);
      return p ? { type: 'page', ...p } : null;
    },
  },
  summary: (data) => ({ pages: data.pages.size }),
};
