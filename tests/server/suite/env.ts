// What every part of the shared suite gets: the harness of the database under test, set in beforeAll.
import type { DbKind, Harness, PgCluster } from '../harness';

export interface SuiteEnv {
  kind: DbKind;
  cluster: PgCluster | null;
  h: Harness;
}

export const TABLES = [
  'users', 'sessions', 'email_codes', 'settings', 'plugin_policy', 'services', 'orders', 'extension_releases',
  'announcements', 'announcement_seen', 'records', 'user_config', 'module_visits', 'graphql_docs', 'job_records', 'saved_views', 'watch_objects', 'watch_changes',
  'watch_rules', 'watch_channels', 'watch_alerts', 'watch_outbox', 'watch_checks', 'watch_settings', 'library_items',
] as const;

/** Row counts of every table, to show that refused requests changed nothing. */
export async function tableCounts(h: Harness): Promise<Record<string, number>> {
  const { sql } = await import('drizzle-orm');
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const result = await h.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }
  return counts;
}
