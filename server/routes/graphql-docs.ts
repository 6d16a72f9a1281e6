// The GraphQL document catalogue (platform operation name → doc id). The platform rotates document
// ids; kept here, a rotation is an admin's data change, not a release. Anyone may read the map (ids
// are not secrets): the page after login, and the companion extension, which reads it itself from
// the product origin and runs a GraphQL post only with the catalogue's id for its name. Admins set
// or remove entries with their password in the request (server/own-password.ts). In demo mode the
// graph sandbox's own ids are the defaults under the admin's entries, so the demo works with no setup.
import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { graphqlDocs } from '../db/schema';
import { ok } from '../envelope';
import { requireOwnPassword } from '../own-password';
import { caller, type AppContext } from '../context';
import { ApiError, Code } from '../envelope';
import * as s from '../schemas';
import { API, type DocCatalogueView } from '../../protocol/api';
import { route } from '../route';

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

async function adminView(ctx: AppContext): Promise<DocCatalogueView> {
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

  route(app, API.graphqlDocs.catalogue, { config: { auth: 'none' }, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await effectiveMap(ctx)));

  route(app, API.graphqlDocs.adminCatalogue, { config: { auth: 'admin' }, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await adminView(ctx)));

  // `{ password, docs: { "<operation>": "<docId>" | null } }`: a doc id sets, null removes; other operations stay.
  route(app, API.graphqlDocs.setAdminCatalogue, {
    config: { auth: 'admin' },
    schema: {
      body: {
        type: 'object',
        required: ['password', 'docs'],
        additionalProperties: false,
        properties: {
          password: { type: 'string', minLength: 1, maxLength: 200 },
          docs: {
            type: 'object',
            minProperties: 1,
            maxProperties: MAX_CHANGES,
            propertyNames: { pattern: OPERATION },
            additionalProperties: { anyOf: [{ type: 'string', pattern: DOC_ID }, { type: 'null' }] },
          },
        },
      },
    },
  }, async (req) => {
    await requireOwnPassword(ctx, req, req.body.password, 'adminPasswordWrong');
    const me = caller(req.auth).user;
    const now = ctx.now();
    const set = Object.entries(req.body.docs).filter((e): e is [string, string] => e[1] !== null);
    const removed = Object.entries(req.body.docs).filter(([, v]) => v === null).map(([k]) => k);
    // The extension refuses a catalogue that gives one document to two names: so does the server.
    const entries: Record<string, string> = Object.fromEntries((await adminEntries(ctx)).map((r) => [r.operation, r.docId]));
    for (const k of removed) delete entries[k];
    const after = { ...(ctx.config.demo ? await sandboxDefaults() : {}), ...entries, ...Object.fromEntries(set) };
    const owner = new Map<string, string>();
    for (const [operation, docId] of Object.entries(after)) {
      const other = owner.get(docId);
      if (other !== undefined) throw new ApiError(Code.INVALID, 'docIdTwice', { docId, a: other, b: operation }, 400);
      owner.set(docId, operation);
    }
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

