// The shared library (docs/TEAMS.md "What a team shares"): the rows of the browser's synced tables —
// named workspaces, keyword lists, interest lists — kept on the server. Without a team a user reads and
// changes their own; in a team (`x-tessera-org`) the rows are the team's, read by every member and
// changed by all but its viewers. A row is saved whole (the last save wins); the import adds the rows a
// browser kept before, once, to the caller's own, never overwriting one the server has.
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { libraryItems, users } from '../db/schema';
import { ApiError, Code, ok } from '../envelope';
import { caller, type AppContext } from '../context';
import { requireSharedEditor, type OrgScope } from '../org/scope';
import * as s from '../schemas';
import {
  API, LIBRARY_BODY_MAX_BYTES, LIBRARY_ID_PATTERN, LIBRARY_IMPORT_MAX, LIBRARY_ITEMS_MAX, LIBRARY_KINDS,
  type LibraryBody, type LibraryItem, type LibraryKind,
} from '../../protocol/api';
import { route } from '../route';

const kind = { type: 'string', enum: [...LIBRARY_KINDS] } as const;
const id = { type: 'string', minLength: 1, maxLength: 100, pattern: LIBRARY_ID_PATTERN } as const;
/** a store row: cells by name; the size is checked in the handler */
const body = { type: 'object', maxProperties: 50, propertyNames: { type: 'string', minLength: 1, maxLength: 100 } } as const;

/** A save carries one row (up to LIBRARY_BODY_MAX_BYTES, more than the server's usual body limit); an import several. */
const SAVE_BODY_LIMIT = LIBRARY_BODY_MAX_BYTES + 4096;
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** The rows the request sees: the team's, or the caller's own. */
function owner(org: OrgScope | null, userId: number): SQL {
  return org ? eq(libraryItems.orgId, org.id) : and(eq(libraryItems.userId, userId), isNull(libraryItems.orgId))!;
}

function tooLarge(value: unknown): boolean {
  return Buffer.byteLength(JSON.stringify(value)) > LIBRARY_BODY_MAX_BYTES;
}

type Row = { itemId: string; body: unknown; updatedAt: Date; name: string | null; email: string | null };

function itemOf(row: Row): LibraryItem {
  return { id: row.itemId, body: row.body as LibraryBody, updatedAt: row.updatedAt.toISOString(), updatedBy: row.name || row.email || '' };
}

async function readItems(ctx: AppContext, where: SQL): Promise<LibraryItem[]> {
  const rows = await ctx.db.select({ itemId: libraryItems.itemId, body: libraryItems.body, updatedAt: libraryItems.updatedAt, name: users.name, email: users.email })
    .from(libraryItems).leftJoin(users, eq(users.id, libraryItems.updatedBy)).where(where).orderBy(asc(libraryItems.id));
  return rows.map(itemOf);
}

export async function libraryRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.library.list, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { kind, uid: s.uid }, required: ['kind'] } },
  }, async (req) => {
    const auth = caller(req.auth);
    return ok(req.lang, await readItems(ctx, and(owner(req.org, auth.user.id), eq(libraryItems.kind, req.query.kind))!));
  });

  route(app, API.library.save, {
    config: { auth: 'user' },
    bodyLimit: SAVE_BODY_LIMIT,
    schema: { body: s.object({ kind, id, body }, ['kind', 'id', 'body']) },
  }, async (req) => {
    const auth = caller(req.auth);
    const org = req.org;
    requireSharedEditor(org);
    const { kind: k, id: itemId, body: cells } = req.body;
    if (tooLarge(cells)) throw new ApiError(Code.RECORD_TOO_LARGE, 'libraryTooLarge', { max: LIBRARY_BODY_MAX_BYTES }, 400);
    const scope = and(owner(org, auth.user.id), eq(libraryItems.kind, k))!;
    const [existing] = await ctx.db.select({ id: libraryItems.id }).from(libraryItems).where(and(scope, eq(libraryItems.itemId, itemId)));
    if (!existing) {
      const [{ n }] = await ctx.db.select({ n: count() }).from(libraryItems).where(scope);
      if (n >= LIBRARY_ITEMS_MAX) throw new ApiError(Code.LIMIT_REACHED, 'tooManyLibraryItems', { max: LIBRARY_ITEMS_MAX });
    }
    const now = ctx.now();
    const values = { kind: k, itemId, body: cells, updatedBy: auth.user.id, createdAt: now, updatedAt: now };
    const set = { body: cells, updatedBy: auth.user.id, updatedAt: now };
    const [row] = org
      ? await ctx.db.insert(libraryItems).values({ ...values, orgId: org.id })
        .onConflictDoUpdate({ target: [libraryItems.orgId, libraryItems.kind, libraryItems.itemId], targetWhere: sql`org_id is not null`, set }).returning()
      : await ctx.db.insert(libraryItems).values({ ...values, userId: auth.user.id })
        .onConflictDoUpdate({ target: [libraryItems.userId, libraryItems.kind, libraryItems.itemId], targetWhere: sql`org_id is null`, set }).returning();
    return ok(req.lang, itemOf({ ...row!, name: auth.user.name, email: auth.user.email }));
  });

  route(app, API.library.remove, {
    config: { auth: 'user' },
    schema: { body: s.object({ kind, id }, ['kind', 'id']) },
  }, async (req) => {
    const auth = caller(req.auth);
    requireSharedEditor(req.org);
    const deleted = await ctx.db.delete(libraryItems)
      .where(and(owner(req.org, auth.user.id), eq(libraryItems.kind, req.body.kind), eq(libraryItems.itemId, req.body.id)))
      .returning({ id: libraryItems.id });
    return ok(req.lang, { deleted: deleted.length });
  });

  route(app, API.library.import, {
    config: { auth: 'user' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: { body: s.object({ kind, items: { type: 'array', maxItems: LIBRARY_IMPORT_MAX, items: s.object({ id, body }, ['id', 'body']) } }, ['kind', 'items']) },
  }, async (req) => {
    const auth = caller(req.auth);
    const { kind: k, items } = req.body as { kind: LibraryKind; items: { id: string; body: LibraryBody }[] };
    if (items.some((item) => tooLarge(item.body))) throw new ApiError(Code.RECORD_TOO_LARGE, 'libraryTooLarge', { max: LIBRARY_BODY_MAX_BYTES }, 400);
    const scope = and(eq(libraryItems.userId, auth.user.id), isNull(libraryItems.orgId), eq(libraryItems.kind, k))!;
    const [{ n }] = await ctx.db.select({ n: count() }).from(libraryItems).where(scope);
    const room = Math.max(0, LIBRARY_ITEMS_MAX - n);
    if (items.length === 0 || room === 0) return ok(req.lang, { added: 0 });
    const now = ctx.now();
    const added = await ctx.db.insert(libraryItems)
      .values(items.slice(0, room).map((item) => ({ userId: auth.user.id, kind: k, itemId: item.id, body: item.body, updatedBy: auth.user.id, createdAt: now, updatedAt: now })))
      .onConflictDoNothing({ target: [libraryItems.userId, libraryItems.kind, libraryItems.itemId], where: sql`org_id is null` })
      .returning({ id: libraryItems.id });
    return ok(req.lang, { added: added.length });
  });
}
