import { get, post } from './endpoint';

/** The admin's view of the GraphQL document catalogue (platform operation name → doc id). */
export type DocCatalogueView = {
  demo: boolean;
  /** the graph sandbox's ids (demo mode only): what an operation has without an entry */
  defaults: Record<string, string>;
  entries: Record<string, { docId: string; updatedAt: string }>;
  effective: Record<string, string>;
};

const ADMIN_DOCS = '/api/admin/graphql-docs';

export const graphqlDocEndpoints = {
  /** Anyone (no token): the effective map, operation → doc id, sorted by operation. */
  catalogue: get<Record<string, string>>('/api/graphql-docs'),
  /** Admins. */
  adminCatalogue: get<DocCatalogueView>(ADMIN_DOCS),
  /** Admins, with their password: a doc id sets an entry, null removes it; other operations stay. */
  setAdminCatalogue: post<{ password: string; docs: Record<string, string | null> }, DocCatalogueView>(ADMIN_DOCS),
};
