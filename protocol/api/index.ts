/**
 * The product API (`/api/...`) in one place: every endpoint's method and path, the query and body the
 * client sends and the `data` of the answer (docs/INTERFACES.md section 3 describes the envelope and
 * codes, server/README.md each endpoint's behaviour). The server registers each route from its
 * constant here (server/route.ts: `route(app, API.user.info, …)`) and the client calls it from the same
 * constant (src/kernel/api/endpoints.ts: `apiPost(api, API.user.info)`), so a path or a shape is written
 * once. The JSON Schemas the server validates with stay beside their routes (server/routes/), where
 * they read the server's own limits; each route's Body/Querystring type comes from here.
 *
 * One path is shared without types: the payment providers' webhook (`PAY_WEBHOOK_PATH`, pay.ts), which
 * no client calls and whose body is raw text for the provider's signature check. The static app
 * (server/static.ts) and the graph sandbox (`/__graph`, sandbox/) are not product-API endpoints.
 *
 * Like the rest of protocol/, this folder imports nothing outside itself: the kernel, the server and
 * the tests import it; it exports constants and types only.
 */
import { accountEndpoints } from './account';
import { adminEndpoints } from './admin';
import { auditEndpoints } from './audit';
import { graphqlDocEndpoints } from './graphql-docs';
import { jobEndpoints } from './jobs';
import { libraryEndpoints } from './library';
import { messageEndpoints } from './messages';
import { orgEndpoints } from './org';
import { payEndpoints } from './pay';
import { platformEndpoints } from './platform';
import { recordEndpoints } from './records';
import { runtimeEndpoints } from './runtime';
import { userEndpoints } from './user';
import { viewEndpoints } from './views';
import { watchEndpoints } from './watch';

export * from './endpoint';
export * from './account';
export * from './admin';
export * from './audit';
export * from './graphql-docs';
export * from './jobs';
export * from './library';
export * from './messages';
export * from './org';
export * from './pay';
export * from './platform';
export * from './records';
export * from './runtime';
export * from './user';
export * from './views';
export * from './watch';

/** Every endpoint of the product API, by resource. */
export const API = {
  runtime: runtimeEndpoints,
  account: accountEndpoints,
  user: userEndpoints,
  messages: messageEndpoints,
  records: recordEndpoints,
  jobs: jobEndpoints,
  views: viewEndpoints,
  library: libraryEndpoints,
  watch: watchEndpoints,
  org: orgEndpoints,
  audit: auditEndpoints,
  pay: payEndpoints,
  graphqlDocs: graphqlDocEndpoints,
  platform: platformEndpoints,
  admin: adminEndpoints,
} as const;
