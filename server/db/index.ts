// Opens the database (embedded PGlite by default, PostgreSQL when DATABASE_URL is set) and applies
// the one migration folder with drizzle's migrator.
import fs from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: helpers that may run inside one take this. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

// Any stable number: serialises migrations of several instances starting against one PostgreSQL.
const MIGRATION_LOCK = 715_208_331;

export async function openDatabase(opts: { databaseUrl: string | null; pgliteDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that PostgreSQL ends (a restart, a failover, a cluster stopped under a test) is
    // reported on the pool; unheard, that 'error' event would end the process. The pool drops the
    // connection and opens a new one for the next query.
    pool.on('error', (err) => console.warn(`[tessera] an idle PostgreSQL connection ended: ${err.message}`));
    try {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migrate(drizzle(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db: drizzle(pool, { schema }) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const memory = opts.pgliteDir.startsWith('memory://');
  if (!memory) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = new PGlite(memory ? undefined : opts.pgliteDir);
  await client.waitReady;
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (err) {
    await client.close();
    throw err;
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
