// The GraphQL document catalogue (platform operation name → doc id). The platform rotates document
// ids; kept here, a rotation is an admin's data change, not a release. Signed-in users read the
// map after login; admins set or remove entries. In demo mode the graph sandbox's own ids are the
// defaults under the admin's entries, so the demo works with no setup.
import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { graphqlDocs } from '../db/schema';
import { ok } from '../envelope';
import { caller, type AppContext } from '../context';
import * as s from '../schemas';

const OPERATION = '^[A-Za-z][A-Za-z0-9_]{0,99}$';
const DOC_ID = '^[0-9]{1,32}$';
/** more than any deployment needs, few enough that one request stays small */
const MAX_CHANGES = 500;

let demoDefaults: Promise<Record<string, string>> | null = null;

/** The sandbox's operation → doc id (loaded only in demo mode: a real installation never imports the sandbox). */
function sandboxDefaults(): Promise<Record<string, string>> {
  demoDefaults ??= import('../../sandbox/catalogue').then((m) => m.sandboxDocIds());
  return demoDefaults;
}

async function adminEntries(ctx: AppContext) {
  return ctx.db.select().from(graphqlDocs).orderBy(asc(graphqlDocs.operation));
}

/** What plugins use: the sandbox's ids in demo mode, overlaid by the admin's entries. */
async function effectiveMap(ctx: AppContext): Promise<Record<string, string>> {
  const map: Record<string, string> = ctx.config.demo ? { ...await sandboxDefaults() } : {};
  for (const row of await adminEntries(ctx)) map[row.operation] = row.docId;
  return sortKeys(map);
}

async function adminView(ctx: AppContext) {
  const rows = await adminEntries(ctx);
  return {
    demo: ctx.config.demo,
    /** the sandbox's ids (demo mode only): what an operation gets without an entry */
    defaults: ctx.config.demo ? sortKeys(await sandboxDefaults()) : {},
    entries: Object.fromEntries(rows.map((r) => [r.operation, { docId: r.docId, updatedAt: r.updatedAt.toISOString() }])),
    effective: await effectiveMap(ctx),
  };
}

function sortKeys(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export async function graphqlDocRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/api/graphql-docs', { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await effectiveMap(ctx)));

  app.get('/api/admin/graphql-docs', { config: { auth: 'admin' }, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await adminView(ctx)));

  // `{ "<operation>": "<docId>" }` sets, `{ "<operation>": null }` removes; other operations stay.
  app.post<{ Body: Record<string, string | null> }>('/api/admin/graphql-docs', {
    config: { auth: 'admin' },
    schema: {
      body: {
        type: 'object',
        minProperties: 1,
        maxProperties: MAX_CHANGES,
        propertyNames: { pattern: OPERATION },
        additionalProperties: { anyOf: [{ type: 'string', pattern: DOC_ID }, { type: 'null' }] },
      },
    },
  }, async (req) => {
    const me = caller(req.auth).user;
    const now = ctx.now();
    const set = Object.entries(req.body).filter((e): e is [string, string] => e[1] !== null);
    const removed = Object.entries(req.body).filter(([, v]) => v === null).map(([k]) => k);
    await ctx.db.transaction(async (tx) => {
      if (removed.length) await tx.delete(graphqlDocs).where(inArray(graphqlDocs.operation, removed));
      for (const [operation, docId] of set) {
        await tx.insert(graphqlDocs).values({ operation, docId, updatedBy: me.id, updatedAt: now })
          .onConflictDoUpdate({ target: graphqlDocs.operation, set: { docId, updatedBy: me.id, updatedAt: now } });
      }
    });
    req.log.info({ set: set.length, removed: removed.length }, 'graphql document catalogue changed');
    return ok(req.lang, await adminView(ctx));
  });
}

