// Admin endpoints (role admin only), one file per resource: users, plugin policy and settings, services,
// the extension's latest record, announcements, orders, usage statistics and the platform settings (Graph version). The GraphQL document
// catalogue's admin calls are in ../graphql-docs.ts, the bootstrap token's in ../../bootstrap.ts.
import type { FastifyInstance } from 'fastify';
import { adminUserRoutes } from './users';
import { adminPolicyRoutes } from './policy';
import { adminServiceRoutes } from './services';
import { adminExtensionRoutes } from './extension';
import { adminAnnouncementRoutes } from './announcements';
import { adminOrderRoutes } from './orders';
import { adminStatisticsRoutes } from './statistics';
import { adminPlatformRoutes } from './platform';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [adminUserRoutes, adminPolicyRoutes, adminServiceRoutes, adminExtensionRoutes, adminAnnouncementRoutes, adminOrderRoutes, adminStatisticsRoutes, adminPlatformRoutes]) {
    await routes(app);
  }
}
