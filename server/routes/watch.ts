// The watch (docs/DECISIONS.md, "The watch: snapshots and changes (issue 34)"): snapshots of the
// operator's platform objects in, changes out. Each operator sends and reads only their own; the
// comparison, the attribution to jobs and the retention are in server/watch/. Rules and channels are
// the caller's own, or the team's when the request acts in one (docs/TEAMS.md, "Watch rules and channels").
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { watchChannels, watchChecks, watchRules, watchSettings } from '../db/schema';
import { ApiError, Code, ok } from '../envelope';
import { t } from '../i18n';
import { caller } from '../context';
import { managesOrg } from '../org/scope';
import { limitUser } from '../user-limits';
import * as s from '../schemas';
import {
  WATCH_ALERTS_DEFAULT, WATCH_ALERTS_MAX, WATCH_CHANNEL_KINDS, WATCH_CHANNELS_MAX, WATCH_OPS, WATCH_PRESETS, WATCH_RULES_MAX,
  WATCH_CHECK_EVERY_MAX_S, WATCH_CHECK_EVERY_MIN_S, WATCH_CHECK_KEY_PATTERN, WATCH_CHECKS_MAX,
  type WatchChannelView, type WatchCheckSchedule, type WatchOp, type WatchRuleView, type WatchSettings, type WatchType, type WatchValue,
  API, WATCH_CHANGES_DEFAULT, WATCH_CHANGES_MAX, WATCH_FIELDS, WATCH_ID_PATTERN, WATCH_MEMBERS_MAX, WATCH_ROWS_MAX, WATCH_TYPES,
} from '../../protocol/api';
import { route } from '../route';
import { readChanges, takeSnapshot } from '../watch/store';
import { isPreset, readAlerts, reportCheck } from '../watch/alerts';
import { PRESET_NAMES, PRESETS } from '../watch/rules';
import { checkUrl, DeliveryError } from '../watch/deliver';
import { sendTo, validTimeZone } from '../watch/outbox';

const LIST_OPS: readonly WatchOp[] = ['contains', 'notContains', 'empty', 'notEmpty'];
const VALUE_OPS: readonly WatchOp[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'];

/** The last 4 characters of a secret, the only part the API ever shows. */
const secretEnd = (secret: string | null) => (secret ? secret.slice(-4) : null);

function channelView(c: typeof watchChannels.$inferSelect): WatchChannelView {
  let host: string | null = null;
  if ((c.kind === 'webhook' || c.kind === 'slack') && c.secret) {
    try { host = new URL(c.secret).hostname; } catch { host = null; }
  }
  return {
    id: c.id, kind: c.kind as WatchChannelView['kind'], name: c.name, enabled: c.enabled,
    target: c.kind === 'email' || c.kind === 'telegram' ? c.target : null, host, secretEnd: secretEnd(c.secret), createdAt: c.createdAt.toISOString(),
  };
}

function ruleView(r: typeof watchRules.$inferSelect): WatchRuleView {
  return {
    id: `rule:${r.id}`, preset: false, name: r.name, enabled: r.enabled, type: r.type as WatchType, field: r.field, op: r.op as WatchOp,
    value: (r.value ?? null) as WatchValue, objects: (r.objects as string[] | null) ?? 'all',
  };
}

/** Whose rules and channels a request reads or writes: the caller's own, or the team's (no user) when it acts in one. */
type Owner = { userId: number; orgId: null } | { userId: null; orgId: number };

/**
 * The owner of the rules and channels of a request: the team it acts in (any member reads; only owners
 * and admins write, others get ORG_ROLE), else the caller.
 */
function ownerOf(req: FastifyRequest, write: boolean): Owner {
  if (!req.org) return { userId: caller(req.auth).user.id, orgId: null };
  if (write && !managesOrg(req.org.role)) throw new ApiError(Code.ORG_ROLE, 'orgRoleNeeded', {}, 403);
  return { userId: null, orgId: req.org.id };
}
const rulesOf = (o: Owner): SQL => (o.orgId === null ? eq(watchRules.userId, o.userId) : eq(watchRules.orgId, o.orgId));
const channelsOf = (o: Owner): SQL => (o.orgId === null ? eq(watchChannels.userId, o.userId) : eq(watchChannels.orgId, o.orgId));

const HHMM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';
const objectId = { type: 'string', minLength: 1, maxLength: 64, pattern: WATCH_ID_PATTERN } as const;
const type = { type: 'string', enum: WATCH_TYPES } as const;
/** A value field: text (at most 500 characters), a number, a boolean or null. */
const value = { type: ['string', 'number', 'boolean', 'null'], maxLength: 500, pattern: PRINTABLE } as const;
const member = s.object({
  id: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[^\\u0000-\\u001f\\u007f]+$' },
  name: { type: 'string', maxLength: 256, pattern: PRINTABLE },
  role: { type: 'string', maxLength: 64, pattern: PRINTABLE },
}, ['id']);
const list = { type: 'array', maxItems: WATCH_MEMBERS_MAX, items: member } as const;

/** Every field of every type (a field of another type than the request's is dropped by the handler). */
const fieldSchemas: Record<string, object> = {};
for (const fields of Object.values(WATCH_FIELDS)) {
  for (const [field, kind] of Object.entries(fields)) fieldSchemas[field] = kind === 'list' ? list : value;
}
const row = {
  type: 'object',
  properties: { id: objectId, name: { type: 'string', maxLength: 256, pattern: PRINTABLE }, ...fieldSchemas },
  required: ['id'],
  additionalProperties: false,
} as const;

export async function watchRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const allowLoopback = () => ctx.config.webhookAllowLoopback;

  route(app, API.watch.snapshots, {
    config: { auth: 'user' },
    schema: { body: s.object({ type, rows: { type: 'array', maxItems: WATCH_ROWS_MAX, items: row } }, ['type', 'rows']) },
  }, async (req) => {
    const auth = caller(req.auth);
    await limitUser(ctx, 'watchSnapshots', auth.user.id);
    return ok(req.lang, await takeSnapshot(ctx, auth.user.id, req.body.type, req.body.rows));
  });

  route(app, API.watch.changes, {
    config: { auth: 'user' },
    schema: {
      querystring: {
        type: 'object',
        properties: {
          since: { type: 'string', minLength: 1, maxLength: 40 },
          type,
          id: objectId,
          limit: { type: 'integer', minimum: 1, maximum: WATCH_CHANGES_MAX, default: WATCH_CHANGES_DEFAULT },
          uid: s.uid,
        },
      },
    },
  }, async (req) => {
    const auth = caller(req.auth);
    const { since, type: t, id, limit } = req.query;
    let sinceDate: Date | undefined;
    if (since !== undefined) {
      const ms = Date.parse(since);
      // an ISO time (`2026-11-28T10:00:00Z`) or a date (`2026-11-28`), between the years 1900 and 9999
      if (!Number.isFinite(ms) || ms < Date.UTC(1900, 0, 1) || ms >= Date.UTC(10000, 0, 1)) throw new ApiError(Code.INVALID, 'watchBadSince', { since }, 400);
      sinceDate = new Date(ms);
    }
    return ok(req.lang, await readChanges(ctx, auth.user.id, { since: sinceDate, type: t, id, limit }));
  });

  // ---- rules: the presets (own: on unless switched off; a team's: off unless switched on) and the operator's own
  route(app, API.watch.rules, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const owner = ownerOf(req, false);
    const rows = await ctx.db.select().from(watchRules).where(rulesOf(owner)).orderBy(asc(watchRules.id));
    const switched = new Map(rows.filter((r) => r.preset).map((r) => [r.preset, r.enabled]));
    const lang = req.lang === 'en-US' ? 1 : 0;
    const presets: WatchRuleView[] = WATCH_PRESETS.map((p) => ({
      id: p, preset: true, name: PRESET_NAMES[p][lang], enabled: switched.get(p) ?? owner.orgId === null, type: PRESETS[p].type, field: PRESETS[p].field, op: null, value: null, objects: 'all',
    }));
    return ok(req.lang, [...presets, ...rows.filter((r) => !r.preset).map(ruleView)]);
  });

  route(app, API.watch.saveRule, {
    config: { auth: 'user' },
    schema: {
      body: s.object({
        id: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9:]+$' },
        name: { type: 'string', minLength: 1, maxLength: 100, pattern: PRINTABLE },
        enabled: { type: 'boolean' },
        type,
        field: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z]+$' },
        op: { type: 'string', enum: WATCH_OPS },
        value,
        objects: { anyOf: [{ type: 'string', enum: ['all'] }, { type: 'array', minItems: 1, maxItems: 500, items: objectId }] },
        delete: { type: 'boolean' },
      }),
    },
  }, async (req) => {
    const owner = ownerOf(req, true);
    const b = req.body;
    const now = ctx.now();
    if (b.id !== undefined && isPreset(b.id)) {
      if (b.delete || b.type !== undefined || b.field !== undefined || b.op !== undefined || b.value !== undefined || b.objects !== undefined || b.name !== undefined) {
        throw new ApiError(Code.INVALID, 'watchPresetFixed', {}, 400);
      }
      const enabled = b.enabled ?? true;
      // one row per owner and preset (the two partial unique indexes of server/db/schema.ts)
      const conflict = owner.orgId === null
        ? { target: [watchRules.userId, watchRules.preset], targetWhere: sql`org_id is null` }
        : { target: [watchRules.orgId, watchRules.preset], targetWhere: sql`org_id is not null` };
      await ctx.db.insert(watchRules).values({ ...owner, preset: b.id, name: '', enabled, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ ...conflict, set: { enabled, updatedAt: now } });
      const p = PRESETS[b.id];
      return ok(req.lang, { id: b.id, preset: true, name: PRESET_NAMES[b.id][req.lang === 'en-US' ? 1 : 0], enabled, type: p.type, field: p.field, op: null, value: null, objects: 'all' });
    }
    let existing: typeof watchRules.$inferSelect | undefined;
    if (b.id !== undefined) {
      const m = /^rule:(\d{1,9})$/.exec(b.id);
      [existing] = m ? await ctx.db.select().from(watchRules).where(and(eq(watchRules.id, Number(m[1])), rulesOf(owner))) : [];
      if (!existing || existing.preset) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'watchRuleNotFound', { id: b.id }, 404);
      if (b.delete) {
        await ctx.db.delete(watchRules).where(eq(watchRules.id, existing.id));
        return ok(req.lang, null);
      }
    } else if (b.delete) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'watchRuleNotFound', { id: '' }, 404);
    const merged = {
      name: b.name ?? existing?.name, type: (b.type ?? existing?.type) as WatchType | undefined, field: b.field ?? existing?.field ?? undefined,
      op: (b.op ?? existing?.op ?? undefined) as WatchOp | undefined,
      value: (b.value !== undefined ? b.value : (existing?.value ?? null)) as WatchValue,
      objects: b.objects !== undefined ? (b.objects === 'all' ? null : [...new Set(b.objects)]) : ((existing?.objects as string[] | null) ?? null),
      enabled: b.enabled ?? existing?.enabled ?? true,
    };
    if (!merged.name || !merged.type || !merged.field || !merged.op) throw new ApiError(Code.INVALID, 'watchRuleIncomplete', {}, 400);
    const kind = (WATCH_FIELDS[merged.type] as Record<string, 'value' | 'list'>)[merged.field];
    if (!kind) throw new ApiError(Code.INVALID, 'watchRuleField', { type: merged.type, field: merged.field }, 400);
    if (!(kind === 'list' ? LIST_OPS : VALUE_OPS).includes(merged.op)) throw new ApiError(Code.INVALID, 'watchRuleOp', { op: merged.op, field: merged.field }, 400);
    const values = { name: merged.name, type: merged.type, field: merged.field, op: merged.op, value: merged.value, objects: merged.objects, enabled: merged.enabled, updatedAt: now };
    if (existing) {
      const [row] = await ctx.db.update(watchRules).set(values).where(eq(watchRules.id, existing.id)).returning();
      return ok(req.lang, ruleView(row!));
    }
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(watchRules).where(and(rulesOf(owner), sql`${watchRules.preset} is null`));
    if (Number(n) >= WATCH_RULES_MAX) throw new ApiError(Code.LIMIT_REACHED, 'watchTooManyRules', { max: WATCH_RULES_MAX }, 400);
    const [row] = await ctx.db.insert(watchRules).values({ ...owner, preset: null, ...values, createdAt: now }).returning();
    return ok(req.lang, ruleView(row!));
  });

  // ---- channels (secrets write-only: the answer shows their last 4 characters)
  route(app, API.watch.channels, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const rows = await ctx.db.select().from(watchChannels).where(channelsOf(ownerOf(req, false))).orderBy(asc(watchChannels.id));
    return ok(req.lang, rows.map(channelView));
  });

  route(app, API.watch.saveChannel, {
    config: { auth: 'user' },
    schema: {
      body: s.object({
        id: s.id,
        kind: { type: 'string', enum: WATCH_CHANNEL_KINDS },
        name: { type: 'string', maxLength: 100, pattern: PRINTABLE },
        enabled: { type: 'boolean' },
        address: s.email,
        url: { type: 'string', minLength: 8, maxLength: 2000, pattern: '^[^\\s\\u0000-\\u001f\\u007f]+$' },
        token: { type: 'string', minLength: 8, maxLength: 200, pattern: '^[0-9]{1,20}:[A-Za-z0-9_-]{1,180}$' },
        chatId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^(-?[0-9]{1,20}|@[A-Za-z0-9_]{4,60})$' },
        delete: { type: 'boolean' },
      }),
    },
  }, async (req) => {
    const owner = ownerOf(req, true);
    const b = req.body;
    const now = ctx.now();
    let existing: typeof watchChannels.$inferSelect | undefined;
    if (b.id !== undefined) {
      [existing] = await ctx.db.select().from(watchChannels).where(and(eq(watchChannels.id, b.id), channelsOf(owner)));
      if (!existing) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'watchChannelNotFound', {}, 404);
      if (b.delete) {
        await ctx.db.delete(watchChannels).where(eq(watchChannels.id, existing.id));
        return ok(req.lang, null);
      }
    } else if (b.delete) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'watchChannelNotFound', {}, 404);
    const kind = existing?.kind ?? b.kind;
    if (!kind || (existing && b.kind !== undefined && b.kind !== existing.kind)) throw new ApiError(Code.INVALID, 'watchChannelIncomplete', { kind: b.kind ?? '?', fields: 'kind' }, 400);
    let target = existing?.target ?? null;
    let secret = existing?.secret ?? null;
    const need = (fields: string) => { throw new ApiError(Code.INVALID, 'watchChannelIncomplete', { kind, fields }, 400); };
    if (kind === 'email') {
      target = b.address?.toLowerCase() ?? target;
      if (!target) need('address');
    } else if (kind === 'webhook' || kind === 'slack') {
      if (b.url !== undefined) {
        try {
          checkUrl(b.url, allowLoopback());
        } catch (err) {
          const e = err as DeliveryError;
          throw new ApiError(Code.INVALID, 'watchTestFailed', { reason: t(req.lang, e.key, e.params) }, 400);
        }
        secret = b.url;
      }
      if (!secret) need('url');
    } else {
      secret = b.token ?? secret;
      target = b.chatId ?? target;
      if (!secret || !target) need('token, chatId');
    }
    const values = { name: b.name ?? existing?.name ?? '', enabled: b.enabled ?? existing?.enabled ?? true, target, secret, lang: req.lang, updatedAt: now };
    if (existing) {
      const [row] = await ctx.db.update(watchChannels).set(values).where(eq(watchChannels.id, existing.id)).returning();
      return ok(req.lang, channelView(row!));
    }
    const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(watchChannels).where(channelsOf(owner));
    if (Number(n) >= WATCH_CHANNELS_MAX) throw new ApiError(Code.LIMIT_REACHED, 'watchTooManyChannels', { max: WATCH_CHANNELS_MAX }, 400);
    const [row] = await ctx.db.insert(watchChannels).values({ ...owner, kind, ...values, createdAt: now }).returning();
    return ok(req.lang, channelView(row!));
  });

  route(app, API.watch.testChannel, { config: { auth: 'user' }, schema: { body: s.object({ id: s.id }, ['id']) } }, async (req) => {
    const auth = caller(req.auth);
    // a team's channel is tested by its owners and admins (it sends a message to the team's destination)
    const owner = ownerOf(req, true);
    await limitUser(ctx, 'watchTests', auth.user.id);
    const [channel] = await ctx.db.select().from(watchChannels).where(and(eq(watchChannels.id, req.body.id), channelsOf(owner)));
    if (!channel) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'watchChannelNotFound', {}, 404);
    try {
      await sendTo(ctx, channel, { body: null, subject: t(req.lang, 'watchTestSubject'), text: t(req.lang, 'watchTestText', { name: channel.name || channel.kind }) });
    } catch (err) {
      const e = err instanceof DeliveryError ? err : new DeliveryError('watchUnreachable', { host: '?' });
      throw new ApiError(Code.DELIVERY_FAILED, 'watchTestFailed', { reason: t(req.lang, e.key, e.params) });
    }
    return ok(req.lang, { sent: true as const });
  });

  // ---- alerts: the in-app channel
  route(app, API.watch.alerts, {
    config: { auth: 'user' },
    schema: {
      querystring: {
        type: 'object',
        properties: {
          state: { type: 'string', enum: ['firing', 'resolved'] },
          limit: { type: 'integer', minimum: 1, maximum: WATCH_ALERTS_MAX, default: WATCH_ALERTS_DEFAULT },
          uid: s.uid,
        },
      },
    },
  }, async (req) => {
    const auth = caller(req.auth);
    return ok(req.lang, await readAlerts(ctx, auth.user.id, req.query.state, req.query.limit, req.lang));
  });

  // ---- scheduled checks report here; one that could not run fires `checkFailed`
  route(app, API.watch.checks, {
    config: { auth: 'user' },
    schema: {
      body: s.object({
        check: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' },
        ok: { type: 'boolean' },
        reason: { type: 'string', maxLength: 300, pattern: PRINTABLE },
      }, ['check', 'ok']),
    },
  }, async (req) => {
    const auth = caller(req.auth);
    await limitUser(ctx, 'watchSnapshots', auth.user.id);
    const at = await reportCheck(ctx, auth.user.id, req.body.check, req.body.ok, req.body.ok ? '' : (req.body.reason ?? ''));
    return ok(req.lang, { check: req.body.check, ok: req.body.ok, at: at.toISOString() });
  });

  // ---- each scheduled check's last outcome (the dashboard's "last check")
  route(app, API.watch.lastChecks, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const userId = caller(req.auth).user.id;
    const rows = await ctx.db.select().from(watchChecks).where(eq(watchChecks.userId, userId)).orderBy(desc(watchChecks.at)).limit(WATCH_CHECKS_MAX * 2);
    return ok(req.lang, rows.map((r) => ({ check: r.check, ok: r.ok, reason: r.reason, at: r.at.toISOString() })));
  });

  // ---- quiet hours and the scheduled checks' choices
  const settingsOf = async (userId: number): Promise<WatchSettings> => {
    const [row] = await ctx.db.select().from(watchSettings).where(eq(watchSettings.userId, userId));
    return {
      quietHours: row?.quietFrom && row.quietTo && row.timeZone ? { from: row.quietFrom, to: row.quietTo, timeZone: row.timeZone } : null,
      checks: (row?.checks as WatchCheckSchedule | undefined) ?? {},
    };
  };
  route(app, API.watch.settings, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => ok(req.lang, await settingsOf(caller(req.auth).user.id)));
  route(app, API.watch.saveSettings, {
    config: { auth: 'user' },
    schema: {
      body: s.object({
        quietHours: {
          anyOf: [{ type: 'null' }, s.object({
            from: { type: 'string', pattern: HHMM }, to: { type: 'string', pattern: HHMM }, timeZone: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' },
          }, ['from', 'to', 'timeZone'])],
        },
        checks: {
          type: 'object',
          maxProperties: WATCH_CHECKS_MAX,
          propertyNames: { pattern: WATCH_CHECK_KEY_PATTERN },
          additionalProperties: s.object({
            enabled: { type: 'boolean' },
            everyS: { type: 'integer', minimum: WATCH_CHECK_EVERY_MIN_S, maximum: WATCH_CHECK_EVERY_MAX_S },
          }, ['enabled', 'everyS']),
        },
      }),
    },
  }, async (req) => {
    const userId = caller(req.auth).user.id;
    const { quietHours: q, checks } = req.body;
    if (q && !validTimeZone(q.timeZone)) throw new ApiError(Code.INVALID, 'watchBadQuietHours', {}, 400);
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(watchSettings).where(eq(watchSettings.userId, userId)).for('update');
      const merged = { ...((row?.checks as WatchCheckSchedule | undefined) ?? {}), ...(checks ?? {}) };
      if (Object.keys(merged).length > WATCH_CHECKS_MAX) throw new ApiError(Code.LIMIT_REACHED, 'watchTooManyChecks', { max: WATCH_CHECKS_MAX }, 400);
      const quiet = q === undefined
        ? { quietFrom: row?.quietFrom ?? null, quietTo: row?.quietTo ?? null, timeZone: row?.timeZone ?? null }
        : { quietFrom: q?.from ?? null, quietTo: q?.to ?? null, timeZone: q?.timeZone ?? null };
      const set = { ...quiet, checks: merged, updatedAt: now };
      await tx.insert(watchSettings).values({ userId, ...set }).onConflictDoUpdate({ target: watchSettings.userId, set });
    });
    return ok(req.lang, await settingsOf(userId));
  });

}
