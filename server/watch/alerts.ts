// Alerts (docs/DECISIONS.md, "The watch: rules, alerts and delivery (issue 34)"): the rules evaluated
// against the objects a snapshot just stored, in the snapshot's own transaction; one alert per rule and
// object while the problem lasts (the partial unique index on firing alerts keeps it one), resolved once
// when it ends; each of these two state changes enqueues one message per enabled channel (outbox.ts).
// A user's own rules apply, and those of every team the user belongs to (docs/TEAMS.md, "Watch rules and
// channels"): an alert of a team's rule is the user's, carries the team, and goes to the team's channels.
import { and, asc, desc, eq, inArray, like, or } from 'drizzle-orm';
import { orgMembers, watchAlerts, watchChannels, watchChecks, watchOutbox, watchRules } from '../db/schema';
import type { AppContext } from '../context';
import type { Executor } from '../db';
import {
  WATCH_PRESETS, type WatchAlertState, type WatchAlertView, type WatchBy, type WatchMember, type WatchOp, type WatchPreset, type WatchType,
  type WatchValue, type WatchWebhookBody,
} from '../../protocol/api';
import type { WatchState } from './diff';
import { idVariants } from './diff';
import { memberStillProblem, operatorRule, PRESET_NAMES, PRESETS, presetOf, problemMembers, teamRuleKey, type RuleDef, type SeenChange } from './rules';

type Change = WatchAlertView['change'];
type AlertMember = { field: string; id: string };

type RuleRow = typeof watchRules.$inferSelect;

/**
 * The rules of one owner's rows: the user's own (`orgId` null: a preset is on unless switched off) or a
 * team's (a preset is off unless switched on; keys `org:<team>:<key>`), and the enabled operator rules.
 */
function rulesOf(rows: RuleRow[], orgId: number | null): RuleDef[] {
  const switched = new Map(rows.filter((r) => r.preset).map((r) => [r.preset, r.enabled]));
  const team = orgId === null ? {} : { orgId };
  const key = (k: string) => (orgId === null ? k : teamRuleKey(orgId, k));
  const rules: RuleDef[] = WATCH_PRESETS.filter((p) => switched.get(p) ?? orgId === null)
    .map((p) => ({ ...PRESETS[p], key: key(p), preset: p, name: PRESET_NAMES[p][1], ...team }));
  for (const r of rows) {
    if (r.preset || !r.enabled || !r.type || !r.field || !r.op) continue;
    const rule = operatorRule({ id: r.id, name: r.name, type: r.type as WatchType, field: r.field, op: r.op as WatchOp, value: (r.value ?? null) as WatchValue, objects: (r.objects as string[] | null) ?? null });
    rules.push({ ...rule, key: key(rule.key), ...team });
  }
  return rules;
}

/** The rules that apply to a user now: their own, then those of each team they belong to now. */
export async function activeRules(tx: Executor, userId: number): Promise<RuleDef[]> {
  const own = await tx.select().from(watchRules).where(eq(watchRules.userId, userId)).orderBy(asc(watchRules.id));
  const teamRows = (await tx.select({ rule: watchRules }).from(watchRules).innerJoin(orgMembers, eq(orgMembers.orgId, watchRules.orgId))
    .where(eq(orgMembers.userId, userId)).orderBy(asc(watchRules.orgId), asc(watchRules.id))).map((r) => r.rule);
  const byTeam = new Map<number, RuleRow[]>();
  for (const r of teamRows) byTeam.set(r.orgId!, [...(byTeam.get(r.orgId!) ?? []), r]);
  return [...rulesOf(own, null), ...[...byTeam].flatMap(([orgId, rows]) => rulesOf(rows, orgId))];
}

export interface EvaluatedObject {
  objectId: string;
  name: string;
  state: WatchState;
  /** the changes this snapshot wrote for it, with who made them */
  changes: SeenChange[];
  /** seen for the first time: a problem it already has is shown in the app, not sent to the channels */
  firstSeen?: boolean;
}

interface Transition {
  alertId: number;
  /** the team whose rule it is (its channels get the message); null: the user's own channels */
  orgId: number | null;
  state: WatchAlertState;
  /** in the app only (a problem an object had when first seen): no message, and none when it resolves */
  quiet?: boolean;
}

/**
 * Evaluates the user's rules of `type` on the objects just stored; fires and resolves alerts and
 * enqueues their messages. Runs inside the snapshot's transaction (the objects' rows are locked, so two
 * requests about one object take turns). Returns how many alerts fired and resolved.
 */
export async function evaluate(ctx: AppContext, tx: Executor, userId: number, type: WatchType | 'check', objects: EvaluatedObject[], now: Date): Promise<{ fired: number; resolved: number }> {
  if (!objects.length) return { fired: 0, resolved: 0 };
  const rules = (await activeRules(tx, userId)).filter((r) => r.type === type || (r.preset === 'foreignMember' && type !== 'check'));
  const ruleKeys = new Set(rules.map((r) => r.key));
  const ids = objects.map((o) => o.objectId);
  const firing = ids.length ? await tx.select().from(watchAlerts)
    .where(and(eq(watchAlerts.userId, userId), eq(watchAlerts.state, 'firing'), eq(watchAlerts.type, type), inArray(watchAlerts.objectId, ids)))
    .orderBy(asc(watchAlerts.id)).for('update') : [];
  const open = new Map(firing.map((a) => [`${a.rule}\u0000${a.objectId}`, a]));
  const transitions: Transition[] = [];
  const resolve = async (alert: typeof watchAlerts.$inferSelect, change: Change) => {
    const done = await tx.update(watchAlerts).set({ state: 'resolved', resolvedAt: now, updatedAt: now, change })
      .where(and(eq(watchAlerts.id, alert.id), eq(watchAlerts.state, 'firing'))).returning({ id: watchAlerts.id });
    if (done.length) transitions.push({ alertId: alert.id, orgId: alert.orgId, state: 'resolved' });
  };
  const fire = async (rule: RuleDef, o: EvaluatedObject, change: Change, by: WatchBy, members: AlertMember[] | null) => {
    const [row] = await tx.insert(watchAlerts).values({
      userId, orgId: rule.orgId ?? null, rule: rule.key, ruleName: rule.name, type, objectId: o.objectId, name: o.name, state: 'firing', change, by, members,
      firedAt: now, updatedAt: now,
    }).onConflictDoNothing().returning({ id: watchAlerts.id });
    if (row) transitions.push({ alertId: row.id, orgId: rule.orgId ?? null, state: 'firing', quiet: o.firstSeen === true });
  };

  for (const o of objects) {
    for (const rule of rules) {
      if (rule.objects && !idVariants(o.objectId).some((id) => rule.objects!.includes(id))) continue;
      const alert = open.get(`${rule.key}\u0000${o.objectId}`);
      const changed = o.changes.find((c) => c.field === rule.field);
      if (rule.holds) {
        const holds = rule.holds(o.state);
        const change: Change = changed ? { field: rule.field, from: changed.from, to: changed.to } : { field: rule.field, from: null, to: (o.state[rule.field] ?? null) as WatchValue };
        if (holds && !alert) await fire(rule, o, change, changed?.by ?? 'outside', null);
        else if (!holds && alert) await resolve(alert, changed ? change : { field: rule.field, from: (alert.change as Change).to, to: (o.state[rule.field] ?? null) as WatchValue });
      } else if (rule.members && type !== 'check') {
        const found = problemMembers(rule, type, o.changes);
        const known = (alert?.members as AlertMember[] | null) ?? [];
        const all = [...known];
        for (const f of found) if (!all.some((m) => m.field === f.field && m.id === f.member.id)) all.push({ field: f.field, id: f.member.id });
        const left = all.filter((m) => memberStillProblem(rule, o.state, m.field, m.id));
        if (alert) {
          if (!left.length) await resolve(alert, lastMemberChange(o.changes, known, alert.change as Change));
          else if (left.length !== known.length || found.length) {
            // one alert per problem: a second foreign admin joins the alert, no new message
            await tx.update(watchAlerts).set({ members: left, updatedAt: now }).where(eq(watchAlerts.id, alert.id));
          }
        } else if (left.length) {
          const first = found.find((f) => left.some((m) => m.field === f.field && m.id === f.member.id))!;
          const change: Change = rule.members.added ? { field: first.field, from: null, to: first.member } : { field: first.field, from: first.member, to: null };
          await fire(rule, o, change, first.by, left);
        }
      }
    }
  }
  // alerts of rules switched off or deleted meanwhile (or of a team the user left) stay as they are until their object is seen: resolve them now
  for (const a of firing) if (!ruleKeys.has(a.rule)) await resolve(a, a.change as Change);
  if (transitions.length) await enqueue(ctx, tx, userId, transitions, now);
  return { fired: transitions.filter((t) => t.state === 'firing').length, resolved: transitions.filter((t) => t.state === 'resolved').length };
}

/** The change that ended a member alert: the last of its members removed (or shared again). */
function lastMemberChange(changes: SeenChange[], members: AlertMember[], fallback: Change): Change {
  const c = [...changes].reverse().find((x) => members.some((m) => m.field === x.field && ((x.from as WatchMember | null)?.id === m.id || (x.to as WatchMember | null)?.id === m.id)));
  return c ? { field: c.field, from: c.from, to: c.to } : fallback;
}

/** The alert as the API and the webhook show it. */
export function alertView(a: typeof watchAlerts.$inferSelect): WatchAlertView {
  return {
    id: String(a.id), rule: a.rule, ruleName: a.ruleName, state: a.state as WatchAlertState,
    object: { type: a.type as WatchType | 'check', id: a.objectId, name: a.name },
    change: a.change as Change, by: a.by as WatchBy,
    firedAt: a.firedAt.toISOString(), resolvedAt: a.resolvedAt?.toISOString() ?? null, at: a.updatedAt.toISOString(),
  };
}

/** The webhook body of one alert state (docs/INTERFACES.md, "Watch rules, alerts and delivery": `{ alert: { id, rule, state, object, change, by, at, url } }`). */
export function webhookBody(ctx: AppContext, a: WatchAlertView, state: WatchAlertState): WatchWebhookBody {
  return {
    alert: {
      id: a.id, rule: a.rule, state, object: a.object, change: a.change, by: a.by,
      at: state === 'resolved' ? (a.resolvedAt ?? a.at) : a.firedAt,
      url: `${ctx.config.publicUrl}/dashboard/index?alert=${a.id}`,
    },
  };
}

/**
 * One outbox row per transition and enabled channel (the user's own for an own rule's alert, the team's
 * for a team rule's); a repeat (same alert, channel and state) is skipped. A quiet firing (a problem the
 * object had when first seen: an operator's first check would otherwise send one message per account
 * already disabled) sends nothing, and nor does its resolution: a "resolved" is sent only for an alert
 * whose firing was.
 */
async function enqueue(ctx: AppContext, tx: Executor, userId: number, all: Transition[], now: Date): Promise<void> {
  const resolving = all.filter((t) => t.state === 'resolved').map((t) => t.alertId);
  const announced = new Set(resolving.length
    ? (await tx.select({ alertId: watchOutbox.alertId }).from(watchOutbox).where(and(inArray(watchOutbox.alertId, resolving), eq(watchOutbox.state, 'firing')))).map((r) => r.alertId)
    : []);
  const transitions = all.filter((t) => (t.state === 'firing' ? !t.quiet : announced.has(t.alertId)));
  if (!transitions.length) return;
  const alerts = await tx.select().from(watchAlerts).where(inArray(watchAlerts.id, transitions.map((t) => t.alertId)));
  const byId = new Map(alerts.map((a) => [a.id, alertView(a)]));
  let queued = false;
  for (const orgId of new Set(transitions.map((t) => t.orgId))) {
    const channels = await tx.select({ id: watchChannels.id }).from(watchChannels)
      .where(and(orgId === null ? eq(watchChannels.userId, userId) : eq(watchChannels.orgId, orgId), eq(watchChannels.enabled, true)));
    const mine = transitions.filter((t) => t.orgId === orgId);
    if (!channels.length) continue;
    await tx.insert(watchOutbox).values(mine.flatMap((t) => channels.map((c) => ({
      userId, kind: 'alert', alertId: t.alertId, channelId: c.id, state: t.state, payload: webhookBody(ctx, byId.get(t.alertId)!, t.state), status: 'pending', attempts: 0,
      nextAt: now, createdAt: now,
    })))).onConflictDoNothing();
    queued = true;
  }
  if (queued) ctx.watchOutbox?.kick();
}

/**
 * A scheduled check's outcome (`POST /api/watch/checks`): kept as the check's last outcome, and the
 * `checkFailed` preset fires while the check cannot run, resolves when it ran again.
 */
export async function reportCheck(ctx: AppContext, userId: number, check: string, ok: boolean, reason: string): Promise<Date> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(watchChecks).where(and(eq(watchChecks.userId, userId), eq(watchChecks.check, check))).for('update');
    await tx.insert(watchChecks).values({ userId, check, ok, reason, at: now })
      .onConflictDoUpdate({ target: [watchChecks.userId, watchChecks.check], set: { ok, reason, at: now } });
    const from = before ? (before.ok ? 'ok' : before.reason || 'failed') : null;
    const to = ok ? 'ok' : reason || 'failed';
    await evaluate(ctx, tx, userId, 'check', [{
      objectId: check, name: check, state: { ok },
      changes: from === to ? [] : [{ field: 'ok', from, to, by: 'outside' }],
    }], now);
  });
  return now;
}

/** The user's alerts, the latest first. */
export async function readAlerts(ctx: AppContext, userId: number, state: WatchAlertState | undefined, limit: number, lang: 'zh-CN' | 'en-US' = 'en-US'): Promise<WatchAlertView[]> {
  const where = [eq(watchAlerts.userId, userId)];
  if (state) where.push(eq(watchAlerts.state, state));
  const rows = await ctx.db.select().from(watchAlerts).where(and(...where)).orderBy(desc(watchAlerts.updatedAt), desc(watchAlerts.id)).limit(limit);
  // a preset's name in the reader's language (an operator's rule keeps the name it was given)
  return rows.map((r) => {
    const preset = presetOf(r.rule);
    return { ...alertView(r), ...(preset ? { ruleName: PRESET_NAMES[preset][lang === 'en-US' ? 1 : 0] } : {}) };
  });
}

/** Presets by name, for the routes. */
export function isPreset(id: string): id is WatchPreset {
  return (WATCH_PRESETS as readonly string[]).includes(id);
}

/**
 * Members whose change a late job record explained after all (store.ts, attributeLate): a firing
 * `foreignMember` alert of their object no longer names them, and resolves when no member is left.
 */
export async function forgiveMembers(ctx: AppContext, tx: Executor, userId: number, members: { type: WatchType; objectId: string; field: string; id: string }[], now: Date): Promise<void> {
  if (!members.length) return;
  const alerts = await tx.select().from(watchAlerts).where(and(eq(watchAlerts.userId, userId), eq(watchAlerts.state, 'firing'),
    or(eq(watchAlerts.rule, 'foreignMember'), like(watchAlerts.rule, 'org:%:foreignMember')),
    inArray(watchAlerts.objectId, [...new Set(members.map((m) => m.objectId))]))).for('update');
  const transitions: Transition[] = [];
  for (const a of alerts) {
    const was = (a.members as AlertMember[] | null) ?? [];
    const left = was.filter((m) => !members.some((x) => x.type === a.type && x.objectId === a.objectId && x.field === m.field && x.id === m.id));
    if (left.length === was.length) continue;
    if (left.length) await tx.update(watchAlerts).set({ members: left, updatedAt: now }).where(eq(watchAlerts.id, a.id));
    else {
      await tx.update(watchAlerts).set({ members: left, state: 'resolved', resolvedAt: now, updatedAt: now }).where(eq(watchAlerts.id, a.id));
      transitions.push({ alertId: a.id, orgId: a.orgId, state: 'resolved' });
    }
  }
  if (transitions.length) await enqueue(ctx, tx, userId, transitions, now);
}
