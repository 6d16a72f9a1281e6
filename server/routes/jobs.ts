// Job records: every write a job applied, reported by the browser and read back by its owner
// (docs/INTERFACES.md section 3, "Job records"). The browser keeps a record until the server
// acknowledges it and sends it again until then, so a request may repeat records already stored — even
// after the server stopped mid-job and restarted: the unique key (user, job, item, attempt) makes a
// repeat a no-op, and the first record sent stands.
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobRecords } from '../db/schema';
import { ApiError, Code, ok } from '../envelope';
import { MODULE_PATTERN } from '../catalog';
import { caller } from '../context';
import { limitUser } from '../user-limits';
import * as s from '../schemas';
import { API, JOB_RECORDS_MAX_ITEMS, JOB_RECORD_STATE_MAX_BYTES, type JobRecordOutcome, type JobRecordView } from '../../protocol/api';
import { route } from '../route';
import { attributeLate } from '../watch/store';

/** No control characters (ids and object names are shown and searched, never parsed). */
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]+$';
/** The runner's job ids (`job-<time>-<random>`) and anything alike. */
const jobId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
const OUTCOMES: JobRecordOutcome[] = ['done', 'failed', 'skipped', 'unknown'];
/** The state around a write: a JSON object, or null when there is none; its size is checked in the handler. */
const state = { type: ['object', 'null'] } as const;
/** A job's or an item's parameters, secrets left out by the browser; their size is checked in the handler. */
const params = { type: 'object', maxProperties: 100 } as const;

const recordItem = s.object({
  item: { type: 'string', minLength: 1, maxLength: 256, pattern: PRINTABLE },
  attempt: { type: 'integer', minimum: 0, maximum: 1000 },
  object: { type: 'string', minLength: 1, maxLength: 256, pattern: PRINTABLE },
  outcome: { type: 'string', enum: OUTCOMES },
  before: state,
  after: state,
  params,
}, ['item', 'attempt', 'object', 'outcome', 'before', 'after']);

export async function jobRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.jobs.addRecords, {
    config: { auth: 'user' },
    schema: {
      body: s.object({
        job: jobId,
        // an action id: `<plugin>.<verb>`
        action: { type: 'string', minLength: 1, maxLength: 100, pattern: MODULE_PATTERN },
        fbid: s.fbid,
        params,
        items: { type: 'array', minItems: 1, maxItems: JOB_RECORDS_MAX_ITEMS, items: recordItem },
      }, ['job', 'action', 'fbid', 'items']),
    },
  }, async (req) => {
    const auth = caller(req.auth);
    const userId = auth.user.id;
    await limitUser(ctx, 'jobRecords', userId);
    const { job, action, fbid, items, params: jobParams } = req.body;
    if (jobParams && Buffer.byteLength(JSON.stringify(jobParams)) > JOB_RECORD_STATE_MAX_BYTES) {
      throw new ApiError(Code.RECORD_TOO_LARGE, 'jobRecordStateTooLarge', { index: 0, field: 'params', max: JOB_RECORD_STATE_MAX_BYTES }, 400);
    }
    // Every item is checked before anything is written: a refused request stores nothing.
    items.forEach((it, i) => {
      for (const field of ['before', 'after', 'params'] as const) {
        const value = it[field];
        if (value !== null && value !== undefined && Buffer.byteLength(JSON.stringify(value)) > JOB_RECORD_STATE_MAX_BYTES) {
          throw new ApiError(Code.RECORD_TOO_LARGE, 'jobRecordStateTooLarge', { index: i + 1, field, max: JOB_RECORD_STATE_MAX_BYTES }, 400);
        }
      }
    });
    // the audit log's parameters of each item: the item's own values over the job's (docs/TEAMS.md)
    const paramsOf = (own: Record<string, unknown> | undefined) => (jobParams || own ? { ...jobParams, ...own } : null);
    const orgId = req.org?.id ?? null;
    const now = ctx.now();
    // One statement: the rows of one request are stored together or not at all, and a repeat (stored
    // before, or twice in this request) is skipped by the unique key, also when two instances race.
    const added = await ctx.db.insert(jobRecords).values(items.map((it) => ({
      userId, job, item: it.item, attempt: it.attempt, action, fbid, object: it.object, outcome: it.outcome,
      before: it.before, after: it.after, params: paramsOf(it.params), orgId, createdAt: now,
    }))).onConflictDoNothing({ target: [jobRecords.userId, jobRecords.job, jobRecords.item, jobRecords.attempt] })
      .returning({ id: jobRecords.id });
    // a change the watch saw a moment before this record arrived is the job's (server/watch/store.ts)
    if (added.length) await attributeLate(ctx, userId, job, action, items);
    return ok(req.lang, { acknowledged: items.length, added: added.length });
  });

  route(app, API.jobs.records, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { job: jobId, ...s.paging, uid: s.uid }, required: ['job'] } },
  }, async (req) => {
    const auth = caller(req.auth);
    const { job, page, pageSize } = req.query;
    // The owner's records only: someone else's job id finds nothing.
    const mine = and(eq(jobRecords.userId, auth.user.id), eq(jobRecords.job, job));
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(jobRecords).where(mine).orderBy(asc(jobRecords.id)).limit(pageSize).offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(jobRecords).where(mine),
    ]);
    return ok(req.lang, {
      list: rows.map((r): JobRecordView => ({
        job: r.job, action: r.action, fbid: r.fbid, item: r.item, attempt: r.attempt, object: r.object,
        outcome: r.outcome as JobRecordOutcome, before: r.before as JobRecordView['before'], after: r.after as JobRecordView['after'],
        at: r.createdAt.toISOString(),
      })),
      total: Number(total?.n ?? 0),
      page,
      pageSize,
    });
  });
}
