// The data set as one module, for callers that want all of it (tests, bench): the core's Dataset
// and the areas' object types. Each area generates and types its own part (areas/*/data.ts).
export { generate, SCALES } from './generate';
export {
  makeId, nextId, HOSTILE_PATTERN_COUNT,
  type Dataset, type Fixtures, type IdFamily, type Scale,
} from './dataset';
export type { User } from './areas/core/data';
export type { Business, BusinessUser, Invite, AssetGroup, Connection } from './areas/bm/data';
export { ACCOUNT_FIXTURES, transactionsOf } from './areas/adaccount/data';
export type { AdAccount, AccountUser, AgencyLink, PaymentMethods, Transaction } from './areas/adaccount/data';
export type { Page } from './areas/page/data';
export type { Pixel } from './areas/pixel/data';
