// Saved views of lists (docs/DECISIONS.md, "Saved views"): by list and name. A view is the filters,
// search, sort and columns of one list; saving a name again replaces it. Without a team each user
// reads, saves and deletes only their own; in a team (`x-tessera-org`) the views are the team's, read
// by every member and changed by all but its viewers (docs/TEAMS.md "What a team shares"). The list id
// and the name are checked by the schema, the state's size and the number of views per list in the handler.
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { savedViews } from '../db/schema';
import { ApiError, Code, ok } from '../envelope';
import { caller } from '../context';
import { requireSharedEditor, type OrgScope } from '../org/scope';
import * as s from '../schemas';
import { API, VIEW_LIST_PATTERN, VIEW_NAME_MAX, VIEW_STATE_MAX_BYTES, VIEWS_PER_LIST_MAX, type SavedView, type SavedViewState } from '../../protocol/api';
import { route } from '../route';

const list = { type: 'string', minLength: 1, maxLength: 100, pattern: VIEW_LIST_PATTERN } as const;
/** printable, no space at either end */
const name = { type: 'string', minLength: 1, maxLength: VIEW_NAME_MAX, pattern: '^[^\\s\\u0000-\\u001f\\u007f](?:[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f])?$' } as const;
/** a column id */
const column = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]+$' } as const;
const state = s.object({
  q: { type: 'string', maxLength: 500 },
  sort: { type: 'array', maxItems: 10, items: s.object({ id: column, desc: { type: 'boolean' } }, ['id', 'desc']) },
  filters: { type: 'object', maxProperties: 50, propertyNames: column, additionalProperties: { type: 'string', maxLength: 500 } },
  columnOrder: { type: 'array', maxItems: 200, items: column },
  columnVisibility: { type: 'object', maxProperties: 200, propertyNames: column, additionalProperties: { type: 'boolean' } },
});

function viewOf(row: { name: string; state: unknown; updatedAt: Date }): SavedView {
  return { name: row.name, state: row.state as SavedViewState, updatedAt: row.updatedAt.toISOString() };
}

/** The views the request sees: the team's, or the caller's own. */
function owner(org: OrgScope | null, userId: number): SQL {
  return org ? eq(savedViews.orgId, org.id) : and(eq(savedViews.userId, userId), isNull(savedViews.orgId))!;
}

export async function viewRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.views.list, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { list, uid: s.uid }, required: ['list'] } },
  }, async (req) => {
    const auth = caller(req.auth);
    const rows = await ctx.db.select().from(savedViews)
      .where(and(owner(req.org, auth.user.id), eq(savedViews.list, req.query.list))).orderBy(asc(savedViews.name));
    // by name as the operator reads it, the same on PGlite and PostgreSQL whatever their collation
    return ok(req.lang, rows.map(viewOf).sort((a, b) => a.name.localeCompare(b.name)));
  });

  route(app, API.views.save, {
    config: { auth: 'user' },
    schema: { body: s.object({ list, name, state }, ['list', 'name', 'state']) },
  }, async (req) => {
    const auth = caller(req.auth);
    const userId = auth.user.id;
    const org = req.org;
    requireSharedEditor(org);
    const { list: listId, name: viewName, state: viewState } = req.body;
    if (Buffer.byteLength(JSON.stringify(viewState)) > VIEW_STATE_MAX_BYTES) {
      throw new ApiError(Code.RECORD_TOO_LARGE, 'viewTooLarge', { max: VIEW_STATE_MAX_BYTES }, 400);
    }
    const mine = and(owner(org, userId), eq(savedViews.list, listId));
    const [existing] = await ctx.db.select({ id: savedViews.id }).from(savedViews).where(and(mine, eq(savedViews.name, viewName)));
    if (!existing) {
      const [{ n }] = await ctx.db.select({ n: count() }).from(savedViews).where(mine);
      if (n >= VIEWS_PER_LIST_MAX) throw new ApiError(Code.LIMIT_REACHED, 'tooManyViews', { max: VIEWS_PER_LIST_MAX });
    }
    const now = ctx.now();
    const values = { list: listId, name: viewName, state: viewState, updatedBy: userId, createdAt: now, updatedAt: now };
    const set = { state: viewState, updatedBy: userId, updatedAt: now };
    const [row] = org
      ? await ctx.db.insert(savedViews).values({ ...values, orgId: org.id })
        .onConflictDoUpdate({ target: [savedViews.orgId, savedViews.list, savedViews.name], targetWhere: sql`org_id is not null`, set }).returning()
      : await ctx.db.insert(savedViews).values({ ...values, userId })
        .onConflictDoUpdate({ target: [savedViews.userId, savedViews.list, savedViews.name], set }).returning();
    return ok(req.lang, viewOf(row!));
  });

  route(app, API.views.remove, {
    config: { auth: 'user' },
    schema: { body: s.object({ list, name }, ['list', 'name']) },
  }, async (req) => {
    const auth = caller(req.auth);
    requireSharedEditor(req.org);
    const deleted = await ctx.db.delete(savedViews)
      .where(and(owner(req.org, auth.user.id), eq(savedViews.list, req.body.list), eq(savedViews.name, req.body.name)))
      .returning({ id: savedViews.id });
    return ok(req.lang, { deleted: deleted.length });
  });
}
