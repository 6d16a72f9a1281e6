// The watch's storage (docs/DECISIONS.md, "The watch: snapshots and changes (issue 34)"): snapshots
// update the latest state of each object (table watch_objects) and write one row per changed field
// (watch_changes), attributed to a job of the operator when a job record explains it; the feed reads
// them back; housekeeping drops what is older than the retention.
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { jobRecords, watchAlerts, watchChanges, watchObjects, watchOutbox } from '../db/schema';
import type { AppContext } from '../context';
import type { Executor } from '../db';
import { getSettings } from '../policy';
import type { WatchBy, WatchChange, WatchMember, WatchRow, WatchSnapshotAck, WatchType, WatchValue } from '../../protocol/api';
import { WATCH_FIELDS } from '../../protocol/api';
import { diffState, idVariants, rowState, stateDiffers, type FieldChange, type WatchState } from './diff';
import { explains, type RecordFacts } from './attribution';
import { evaluate, forgiveMembers, type EvaluatedObject } from './alerts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Attribution window: a job record (same user, same object, outcome `done` or `unknown`) explains a
 * change when the server received it between the object's previous sighting (less `ATTRIBUTION_SLACK_MS`,
 * for a write the platform showed late) and the sighting that found the change — at most
 * `ATTRIBUTION_MAX_MS` back. A record received up to `LATE_RECORD_MS` after the change was seen still
 * explains it (`attributeLate`, called when job records arrive).
 */
export const ATTRIBUTION_SLACK_MS = 5 * MINUTE;
export const ATTRIBUTION_MAX_MS = 7 * DAY;
export const LATE_RECORD_MS = 10 * MINUTE;

type Pending = FieldChange & { objectId: string; name: string; windowFrom: Date };
type JobRecordFacts = RecordFacts & { object: string; job: string; at: number };

const isList = (type: WatchType, field: string) => (WATCH_FIELDS[type] as Record<string, 'value' | 'list'>)[field] === 'list';

/**
 * The job that explains a change of `objectId` seen at `now`, the object seen before at `windowFrom`:
 * the newest record of that object in the window that says it wrote that field (attribution.ts).
 */
function explainer(records: JobRecordFacts[], type: WatchType, c: Pending, now: Date): WatchBy {
  const ids = new Set(idVariants(c.objectId));
  const from = Math.max(c.windowFrom.getTime() - ATTRIBUTION_SLACK_MS, now.getTime() - ATTRIBUTION_MAX_MS);
  // newest first: the last write before the sighting
  const hit = records.find((r) => ids.has(r.object) && r.at >= from && r.at <= now.getTime() && explains(r, c.field, c.from, c.to, isList(type, c.field)));
  return hit ? `job:${hit.job}` : 'outside';
}

/**
 * Takes one snapshot request: rows of one type, each `{ id, name?, …fields }`. An object seen for the
 * first time is recorded without changes; a known one gets a change row per changed field (and member).
 * One transaction; the objects' rows are locked while compared, so two requests naming one object
 * (two tabs) write its change once.
 */
export async function takeSnapshot(ctx: AppContext, userId: number, type: WatchType, rows: WatchRow[]): Promise<WatchSnapshotAck> {
  const now = ctx.now();
  // one row per id: the last one sent wins
  const byId = new Map<string, { name: string | null; state: WatchState }>();
  for (const row of rows) byId.set(row.id, { name: typeof row.name === 'string' ? row.name : null, state: rowState(type, row) });
  if (byId.size === 0) return { objects: 0, added: 0, changes: 0 };

  return ctx.db.transaction(async (tx) => {
    const mine = (ids: string[]) => and(eq(watchObjects.userId, userId), eq(watchObjects.type, type), inArray(watchObjects.objectId, ids));
    const lock = (ids: string[]) => tx.select({ id: watchObjects.id, objectId: watchObjects.objectId, name: watchObjects.name, state: watchObjects.state, seenAt: watchObjects.seenAt })
      .from(watchObjects).where(mine(ids)).orderBy(asc(watchObjects.id)).for('update'); // one order: no deadlock between two requests
    const ids = [...byId.keys()];
    const known = ids.length ? await lock(ids) : [];
    const knownIds = new Set(known.map((k) => k.objectId));
    // First sightings: inserted as they are. One another request inserted meanwhile is compared like a known one.
    const fresh = ids.filter((id) => !knownIds.has(id));
    let added = 0;
    if (fresh.length) {
      const inserted = await tx.insert(watchObjects).values(fresh.map((id) => ({
        userId, type, objectId: id, name: byId.get(id)!.name ?? '', state: byId.get(id)!.state, firstSeenAt: now, seenAt: now,
      }))).onConflictDoNothing({ target: [watchObjects.userId, watchObjects.type, watchObjects.objectId] }).returning({ objectId: watchObjects.objectId });
      added = inserted.length;
      const raced = fresh.filter((id) => !inserted.some((r) => r.objectId === id));
      if (raced.length) known.push(...await lock(raced));
    }

    const pending: Pending[] = [];
    const updates: { id: number; name: string; state: WatchState }[] = [];
    // every object of the request as it now stands, for the rules
    const evaluated = new Map<string, EvaluatedObject>();
    for (const id of fresh) if (!knownIds.has(id) && !known.some((k) => k.objectId === id)) {
      evaluated.set(id, { objectId: id, name: byId.get(id)!.name ?? '', state: byId.get(id)!.state, changes: [], firstSeen: true });
    }
    for (const k of known) {
      const row = byId.get(k.objectId)!;
      const before = (k.state ?? {}) as WatchState;
      const name = row.name ?? k.name;
      const { state, changes } = diffState(type, before, row.state);
      for (const c of changes) pending.push({ ...c, objectId: k.objectId, name, windowFrom: k.seenAt });
      updates.push({ id: k.id, name, state: stateDiffers(before, row.state) ? state : before });
      evaluated.set(k.objectId, { objectId: k.objectId, name, state, changes: [] });
    }

    if (updates.length) {
      // one statement for every known object: its state (when it moved), its name, when it was seen
      await tx.execute(sql`update watch_objects as w set state = v.state, name = v.name, seen_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id bigint, name text, state jsonb)
        where w.id = v.id`);
    }

    if (pending.length) {
      const records = await jobRecordsAround(tx, userId, pending, now);
      const by = pending.map((c) => explainer(records, type, c, now));
      await tx.insert(watchChanges).values(pending.map((c, i) => ({
        userId, at: now, type, objectId: c.objectId, name: c.name, field: c.field,
        from: c.from as unknown, to: c.to as unknown, by: by[i]!, windowFrom: c.windowFrom,
      })));
      pending.forEach((c, i) => evaluated.get(c.objectId)?.changes.push({ field: c.field, from: c.from, to: c.to, by: by[i]! }));
    }
    // the rules, against the state just stored, in the same transaction (server/watch/alerts.ts)
    await evaluate(ctx, tx, userId, type, [...evaluated.values()], now);
    return { objects: byId.size, added, changes: pending.length };
  });
}

/** The user's job records that may explain the pending changes, newest first. */
async function jobRecordsAround(tx: Executor, userId: number, pending: Pending[], now: Date) {
  const objects = [...new Set(pending.flatMap((c) => idVariants(c.objectId)))];
  const earliest = Math.min(...pending.map((c) => c.windowFrom.getTime())) - ATTRIBUTION_SLACK_MS;
  const from = new Date(Math.max(earliest, now.getTime() - ATTRIBUTION_MAX_MS));
  const rows = await tx.select({ object: jobRecords.object, job: jobRecords.job, at: jobRecords.createdAt, action: jobRecords.action, before: jobRecords.before, after: jobRecords.after }).from(jobRecords)
    .where(and(eq(jobRecords.userId, userId), inArray(jobRecords.object, objects), gte(jobRecords.createdAt, from),
      inArray(jobRecords.outcome, ['done', 'unknown'])))
    .orderBy(desc(jobRecords.createdAt), desc(jobRecords.id));
  return rows.map((r): JobRecordFacts => ({ object: r.object, job: r.job, at: r.at.getTime(), action: r.action, before: r.before, after: r.after }));
}

/**
 * Job records that arrive after the change they explain was seen (the leader tab reports a write a
 * moment after it lands; a list refresh may be quicker): changes of those objects seen up to
 * `LATE_RECORD_MS` ago, marked `outside`, and explained by the record (attribution.ts: the same field or
 * member) are given to the job; a foreign-member alert they raised loses those members (and resolves when
 * none is left). Returns how many changes moved.
 */
export async function attributeLate(ctx: AppContext, userId: number, job: string, action: string,
  items: { object: string; outcome: string; before: unknown; after: unknown }[]): Promise<number> {
  const explaining = items.filter((it) => it.outcome === 'done' || it.outcome === 'unknown');
  if (!explaining.length) return 0;
  const now = ctx.now();
  const ids = [...new Set(explaining.flatMap((it) => idVariants(it.object)))];
  return ctx.db.transaction(async (tx) => {
    const candidates = await tx.select().from(watchChanges)
      .where(and(eq(watchChanges.userId, userId), eq(watchChanges.by, 'outside'), inArray(watchChanges.objectId, ids),
        gte(watchChanges.at, new Date(now.getTime() - LATE_RECORD_MS))))
      .for('update');
    const moved = candidates.filter((c) => explaining.some((it) => idVariants(it.object).includes(c.objectId)
      && explains({ action, before: it.before, after: it.after }, c.field, c.from as WatchValue, c.to as WatchValue, isList(c.type as WatchType, c.field))));
    if (!moved.length) return 0;
    await tx.update(watchChanges).set({ by: `job:${job}` }).where(inArray(watchChanges.id, moved.map((c) => c.id)));
    await forgiveMembers(ctx, tx, userId, moved.filter((c) => isList(c.type as WatchType, c.field)).map((c) => ({
      type: c.type as WatchType, objectId: c.objectId, field: c.field, id: ((c.to ?? c.from) as WatchMember).id,
    })), now);
    return moved.length;
  });
}

export interface ChangesQuery { since?: Date; type?: WatchType; id?: string; limit: number }

/** The user's changes, newest first (at most `limit`). */
export async function readChanges(ctx: AppContext, userId: number, q: ChangesQuery): Promise<WatchChange[]> {
  const where = [eq(watchChanges.userId, userId)];
  if (q.since) where.push(gte(watchChanges.at, q.since));
  if (q.type) where.push(eq(watchChanges.type, q.type));
  if (q.id) where.push(inArray(watchChanges.objectId, idVariants(q.id)));
  const rows = await ctx.db.select().from(watchChanges).where(and(...where))
    .orderBy(desc(watchChanges.at), desc(watchChanges.id)).limit(q.limit);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    object: { type: r.type as WatchType, id: r.objectId, name: r.name },
    field: r.field,
    from: r.from as WatchValue | WatchMember,
    to: r.to as WatchValue | WatchMember,
    by: r.by as WatchBy,
  }));
}

/**
 * Retention (housekeeping): changes older than `watchRetentionDays` go, and objects not seen for as long
 * (their state is stale: when one comes back it is a first sighting again), alerts resolved as long ago
 * and outbox rows sent or given up as long ago. Firing alerts and pending messages stay.
 */
export async function sweepWatch(ctx: AppContext): Promise<void> {
  const days = (await getSettings(ctx)).watchRetentionDays;
  const cutoff = new Date(ctx.now().getTime() - days * DAY);
  await ctx.db.delete(watchChanges).where(lt(watchChanges.at, cutoff));
  await ctx.db.delete(watchObjects).where(lt(watchObjects.seenAt, cutoff));
  // resolved alerts as old go too (their outbox rows with them), and outbox rows sent or given up as long ago
  await ctx.db.delete(watchAlerts).where(and(eq(watchAlerts.state, 'resolved'), lt(watchAlerts.resolvedAt, cutoff)));
  await ctx.db.delete(watchOutbox).where(and(inArray(watchOutbox.status, ['sent', 'failed']), lt(watchOutbox.createdAt, cutoff)));
}
