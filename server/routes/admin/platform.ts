// Admin: the platform settings (server/platform.ts) — the Graph API version. Changing it changes what
// every call of every operator names, so like the document catalogue (../graphql-docs.ts) it needs the
// admin's password in the request (server/own-password.ts), not only the token.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../envelope';
import { requireOwnPassword } from '../../own-password';
import { platformView, setGraphVersion } from '../../platform';
import { API, GRAPH_VERSION_PATTERN } from '../../../protocol/api';
import { route } from '../../route';
import * as s from '../../schemas';
import { ADMIN } from './shared';

export async function adminPlatformRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.platform.adminPlatform, { config: ADMIN, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await platformView(ctx)));

  route(app, API.platform.setAdminPlatform, {
    config: ADMIN,
    schema: {
      body: {
        type: 'object',
        required: ['password', 'graphVersion'],
        additionalProperties: false,
        properties: {
          password: { type: 'string', minLength: 1, maxLength: 200 },
          graphVersion: { type: 'string', pattern: GRAPH_VERSION_PATTERN },
        },
      },
    },
  }, async (req) => {
    await requireOwnPassword(ctx, req, req.body.password, 'adminPasswordWrong');
    const before = (await platformView(ctx)).graphVersion;
    await setGraphVersion(ctx, req.body.graphVersion);
    req.log.info({ from: before, to: req.body.graphVersion }, 'graph api version changed');
    return ok(req.lang, await platformView(ctx));
  });
}
