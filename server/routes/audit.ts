// The audit log (docs/TEAMS.md, "The audit log"): the job records (server/routes/jobs.ts) as a search, a
// CSV export and a retention.
//
// Who reads what: in an organisation (the request's `x-tessera-org`, server/org/scope.ts) its owner or an
// admin reads every entry made in it, any other member their own entries made in it; without one, the
// caller reads their own entries made outside any organisation (org_id null). Nobody reads another
// organisation's entries, nor someone's own work from inside an organisation.
//
// The count: counting every match of a large organisation is a scan of all of them, on every page
// (≈ 0.7–0.8 s for 1,000,000 entries on PGlite, one query alone). So the search counts at most
// AUDIT_COUNT_MAX (1,000) matches — `select count(*) from (select 1 … limit 1001)`, bounded work whatever
// the table holds (8–27 ms there; with a cap of 10,000 it was 58–112 ms, and under 8 concurrent searches
// on single-threaded PGlite that queued into seconds) — and answers `total` exact with `totalCapped:
// false`, or AUDIT_COUNT_MAX with `totalCapped: true` ("1,000+"). The pages themselves are not capped.
// The figures are in bench/RESULTS.md ("The audit log").
//
// The export streams the same search as CSV in chunks of EXPORT_CHUNK rows read by keyset (created_at, id),
// so at most one chunk's rows and text are held at a time.
import { Readable } from 'node:stream';
import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jobRecords, organisations, users } from '../db/schema';
import { ApiError, Code, ok } from '../envelope';
import { caller, type AppContext } from '../context';
import { managesOrg, requireOrgManager, type OrgScope } from '../org/scope';
import * as s from '../schemas';
import {
  API, AUDIT_COUNT_MAX, AUDIT_EXPORT_MAX, AUDIT_EXPORT_PATH, AUDIT_RETENTION_DAYS, AUDIT_RETENTION_DAYS_DEFAULT,
  type AuditEntry, type AuditQuery, type JobRecordOutcome,
} from '../../protocol/api';
import { route } from '../route';

/** Rows read per query of the export. */
const EXPORT_CHUNK = 2_000;

/** An action id (`<plugin>.<verb>`, server/catalog.ts MODULE_PATTERN), or an area's wildcard `adaccount.*`. */
const ACTION_FILTER = '^[a-z]+([.:/][A-Za-z0-9_-]+){0,4}(\\.\\*)?$';
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]+$';

const searchQuery = {
  object: { type: 'string', minLength: 1, maxLength: 256, pattern: PRINTABLE },
  actor: { type: 'string', minLength: 1, maxLength: 254 },
  action: { type: 'string', minLength: 1, maxLength: 100, pattern: ACTION_FILTER },
  since: { type: 'string', minLength: 1, maxLength: 40 },
  until: { type: 'string', minLength: 1, maxLength: 40 },
  uid: s.uid,
} as const;

/** An ISO time: a date, or a date and time with an optional zone (no zone: UTC). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function parseTime(field: 'since' | 'until', text: string | undefined): Date | null {
  if (text === undefined) return null;
  const zoned = /T|\s/.test(text) && !/(?:Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text.replace(' ', 'T')}Z` : text.replace(' ', 'T');
  const at = ISO_TIME.test(text) ? new Date(zoned) : null;
  // a day that does not exist (2026-02-30) is refused, not rolled over into the next month
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const real = new Date(Date.UTC(y, m - 1, d));
  if (!at || Number.isNaN(at.getTime()) || real.getUTCMonth() !== m - 1 || real.getUTCDate() !== d) throw new ApiError(Code.INVALID, 'auditTimeInvalid', { field, value: text.slice(0, 40) }, 400);
  return at;
}

/** The conditions of a search: who may read what (see the head comment), then the filters. */
export async function auditWhere(ctx: AppContext, userId: number, org: OrgScope | null, q: AuditQuery): Promise<SQL | null> {
  const conds: SQL[] = [];
  if (org) {
    conds.push(eq(jobRecords.orgId, org.id));
    if (!managesOrg(org.role)) conds.push(eq(jobRecords.userId, userId));
  } else {
    conds.push(eq(jobRecords.userId, userId), isNull(jobRecords.orgId));
  }
  if (q.object !== undefined) conds.push(eq(jobRecords.object, q.object));
  if (q.actor !== undefined) {
    const actor = q.actor.trim();
    let actorId: number | null;
    if (/^[1-9][0-9]{0,9}$/.test(actor) && Number(actor) <= 2_147_483_647) actorId = Number(actor);
    else if (/^[^\s@]+@[^\s@]+$/.test(actor)) {
      const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, actor.toLowerCase()));
      actorId = row?.id ?? null;
    } else throw new ApiError(Code.INVALID, 'auditActorInvalid', {}, 400);
    if (actorId === null) return null; // nobody has that address: nothing matches
    conds.push(eq(jobRecords.userId, actorId));
  }
  if (q.action !== undefined) {
    if (q.action.endsWith('.*')) {
      const prefix = q.action.slice(0, -1); // `adaccount.`
      // a prefix LIKE, which the (org_id, action text_pattern_ops, created_at) index answers (migration 0010)
      conds.push(sql`${jobRecords.action} like ${prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%'}`);
    } else conds.push(eq(jobRecords.action, q.action));
  }
  const since = parseTime('since', q.since);
  const until = parseTime('until', q.until);
  if (since) conds.push(sql`${jobRecords.createdAt} >= ${since.toISOString()}::timestamptz`);
  if (until) conds.push(sql`${jobRecords.createdAt} < ${until.toISOString()}::timestamptz`);
  return and(...conds)!;
}

const entryColumns = {
  id: jobRecords.id,
  // the exact stored time as text, for the export's keyset (a JS Date keeps milliseconds only)
  cursor: sql<string>`${jobRecords.createdAt}::text`,
  createdAt: jobRecords.createdAt,
  userId: jobRecords.userId,
  email: users.email,
  name: users.name,
  fbid: jobRecords.fbid,
  job: jobRecords.job,
  action: jobRecords.action,
  object: jobRecords.object,
  item: jobRecords.item,
  attempt: jobRecords.attempt,
  outcome: jobRecords.outcome,
  params: jobRecords.params,
  before: jobRecords.before,
  after: jobRecords.after,
};

function entryOf(r: EntryRow): AuditEntry {
  return {
    at: r.createdAt.toISOString(),
    actor: { userId: r.userId, email: r.email, name: r.name },
    fbid: r.fbid, job: r.job, action: r.action, object: r.object, item: r.item, attempt: r.attempt,
    params: r.params as AuditEntry['params'], outcome: r.outcome as JobRecordOutcome,
    before: r.before as AuditEntry['before'], after: r.after as AuditEntry['after'],
  };
}

function entries(ctx: AppContext, where: SQL) {
  return ctx.db.select(entryColumns).from(jobRecords).innerJoin(users, eq(users.id, jobRecords.userId)).where(where)
    .orderBy(desc(jobRecords.createdAt), desc(jobRecords.id));
}
type EntryRow = Awaited<ReturnType<typeof entries>>[number];

// ---------------------------------------------------------------------------------------------
// CSV

const CSV_COLUMNS = ['at', 'actor email', 'actor name', 'fbid', 'job', 'action', 'object', 'item', 'attempt', 'outcome', 'params', 'before', 'after'];

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break (quotes doubled); a cell a
 * spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return before one)
 * gets a leading apostrophe, so it shows as text and never runs.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

function csvLine(r: EntryRow): string {
  return [
    r.createdAt.toISOString(), r.email, r.name, r.fbid, r.job, r.action, r.object, r.item, String(r.attempt), r.outcome,
    json(r.params), json(r.before), json(r.after),
  ].map(csvCell).join(',') + '\r\n';
}

/** The export's text: BOM and header, then the entries chunk by chunk (newest first, at most AUDIT_EXPORT_MAX). */
async function* csvChunks(ctx: AppContext, where: SQL | null): AsyncGenerator<string> {
  yield `\uFEFF${CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
  if (!where) return;
  let left = AUDIT_EXPORT_MAX;
  let after: { cursor: string; id: number } | null = null;
  while (left > 0) {
    const page: SQL = after
      ? and(where, sql`${jobRecords.createdAt} <= ${after.cursor}::timestamptz`, or(
        lt(jobRecords.createdAt, sql`${after.cursor}::timestamptz`),
        and(sql`${jobRecords.createdAt} = ${after.cursor}::timestamptz`, lt(jobRecords.id, after.id)),
      ))!
      : where;
    const rows: EntryRow[] = await entries(ctx, page).limit(Math.min(EXPORT_CHUNK, left));
    if (!rows.length) return;
    yield rows.map(csvLine).join('');
    left -= rows.length;
    const last: EntryRow = rows[rows.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
    if (rows.length < EXPORT_CHUNK) return;
  }
}

// ---------------------------------------------------------------------------------------------

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.audit.search, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { ...searchQuery, ...s.paging } } },
  }, async (req) => {
    const auth = caller(req.auth);
    const { page, pageSize } = req.query;
    const where = await auditWhere(ctx, auth.user.id, req.org, req.query);
    if (!where) return ok(req.lang, { list: [], total: 0, totalCapped: false, page, pageSize });
    const [rows, counted] = await Promise.all([
      entries(ctx, where).limit(pageSize).offset((page - 1) * pageSize),
      ctx.db.execute(sql`select count(*)::int as n from (select 1 from ${jobRecords} where ${where} limit ${AUDIT_COUNT_MAX + 1}) as matched`),
    ]);
    const n = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return ok(req.lang, {
      list: rows.map(entryOf),
      total: Math.min(n, AUDIT_COUNT_MAX),
      totalCapped: n > AUDIT_COUNT_MAX,
      page,
      pageSize,
    });
  });

  // Not an envelope: the CSV itself, as a download. The same auth as every signed-in route (server/app.ts's
  // onRequest hook reads `config.auth`, sets req.auth and req.org); a refusal before the first byte is
  // still the JSON envelope.
  app.get(AUDIT_EXPORT_PATH, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: searchQuery } },
  }, async (req: FastifyRequest<{ Querystring: AuditQuery }>, reply) => {
    const auth = caller(req.auth);
    const where = await auditWhere(ctx, auth.user.id, req.org, req.query);
    const date = ctx.now().toISOString().slice(0, 10);
    void reply.header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tessera-audit-${date}.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(csvChunks(ctx, where)));
  });

  route(app, API.audit.retention, {
    config: { auth: 'user' },
    schema: { querystring: s.noQuery },
  }, async (req) => {
    if (!req.org) return ok(req.lang, { days: AUDIT_RETENTION_DAYS_DEFAULT });
    const [row] = await ctx.db.select({ days: organisations.auditRetentionDays }).from(organisations).where(eq(organisations.id, req.org.id));
    return ok(req.lang, { days: row?.days ?? AUDIT_RETENTION_DAYS_DEFAULT });
  });

  route(app, API.audit.setRetention, {
    config: { auth: 'user' },
    schema: { body: s.object({ days: { type: 'integer', minimum: AUDIT_RETENTION_DAYS.min, maximum: AUDIT_RETENTION_DAYS.max } }, ['days']) },
  }, async (req) => {
    const org = requireOrgManager(req.org);
    await ctx.db.update(organisations).set({ auditRetentionDays: req.body.days }).where(eq(organisations.id, org.id));
    return ok(req.lang, { days: req.body.days });
  });
}
