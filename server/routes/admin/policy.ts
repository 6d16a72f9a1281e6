// Admin: the plugin policy (which plugins each role may use) and the admin settings.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../envelope';
import { PLUGIN_IDS } from '../../catalog';
import { enabledPlugins, getSettings, setEnabledPlugins, setSettings } from '../../policy';
import type { AppContext } from '../../context';
import { API, WATCH_RETENTION_DAYS_MAX, type PolicyView } from '../../../protocol/api';
import { route } from '../../route';
import * as s from '../../schemas';
import { ADMIN, role } from './shared';

async function policyView(ctx: AppContext): Promise<PolicyView> {
  return { plugins: PLUGIN_IDS, roles: { user: await enabledPlugins(ctx, 'user'), admin: await enabledPlugins(ctx, 'admin') } };
}

export async function adminPolicyRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.admin.policy, { config: ADMIN, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await policyView(ctx)));

  route(app, API.admin.setPolicy, {
    config: ADMIN,
    schema: { body: s.object({ role, plugins: { type: 'array', maxItems: 50, uniqueItems: true, items: { type: 'string', enum: [...PLUGIN_IDS] } } }, ['role', 'plugins']) },
  }, async (req) => {
    await setEnabledPlugins(ctx, req.body.role, req.body.plugins);
    return ok(req.lang, await policyView(ctx));
  });

  route(app, API.admin.settings, { config: ADMIN, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await getSettings(ctx)));

  route(app, API.admin.setSettings, {
    config: ADMIN, schema: { body: s.object({ singleSessionPerUser: { type: 'boolean' }, watchRetentionDays: { type: 'integer', minimum: 1, maximum: WATCH_RETENTION_DAYS_MAX } }) },
  }, async (req) => ok(req.lang, await setSettings(ctx, req.body)));
}
