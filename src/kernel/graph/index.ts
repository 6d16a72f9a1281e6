export { sleep } from './sleep';
export type { Sleep } from './sleep';
export { followNextLinks, cursorPages, assetList, pixelCursor, pagedUntilFailure, collect } from './paging';
export type { GraphPage, PagingOptions, AssetPage, PixelPage } from './paging';
export { runBatch, BATCH_MAX } from './batch';
export type { BatchRequest, BatchItemResult, BatchOptions } from './batch';
export { graphqlPost, graphqlOn, graphqlText, liftGraphqlCodes } from './graphql';
export type { GraphQLPost } from './graphql';
export {
  docIdFor, missingOperations, useDocCatalogue, MissingDocIdError, getDocCatalogue, loadDocCatalogue, setDocCatalogue,
} from './doc-catalogue';
export type { DocCatalogueState, DocCatalogueStatus } from './doc-catalogue';
export { resolveRoutes, parseRoutes, ROUTE_BATCH, MAIN_HOSTS } from './resolve-ids';
export type { ResolveOptions } from './resolve-ids';
export { toMajorUnits, toUsd, NO_DECIMAL_CURRENCIES, CURRENCY_SIGNS, formatCurrency, currencyChars } from './money';
