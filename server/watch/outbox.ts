// Alert delivery from the outbox (docs/DECISIONS.md, "The watch: rules, alerts and delivery (issue 34)").
// Each alert state change wrote one row per channel in the transaction that changed the alert. Any
// instance's worker claims due rows in one statement (`for update skip locked`, then a lease in
// `locked_until` so the row is nobody else's while it is being sent), sends, and marks the row sent only
// while it still holds the lease. A failure is retried with a growing wait; rows stay in the database, so
// a restarted instance (or another one) sends what is still pending. Quiet hours hold a user's messages
// until they end. A team's approval messages (`kind` 'approval', server/watch/approval-messages.ts) go
// through the same rows and workers; quiet hours do not hold them (they wait for a person to decide).
import { eq, sql } from 'drizzle-orm';
import { watchChannels, watchSettings } from '../db/schema';
import type { AppContext } from '../context';
import { t, type Lang } from '../i18n';
import { PRESET_NAMES, presetOf } from './rules';
import { DeliveryError, safePostJson } from './deliver';
import { approvalText } from './approval-messages';
import type { WatchAlertState, WatchApprovalState, WatchApprovalWebhookBody, WatchWebhookBody } from '../../protocol/api';

const MINUTE = 60_000;
/** How long a claimed row is the claimer's (longer than any send may take: 10 s timeouts). */
export const LEASE_MS = 2 * MINUTE;
/** Waits after the 1st, 2nd, … failure: 30 s doubled each time, at most an hour; given up after MAX_ATTEMPTS sends. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * MINUTE;
export const MAX_ATTEMPTS = 10;
const BATCH = 20;

export function retryDelay(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

type Channel = typeof watchChannels.$inferSelect;

/** The minutes of the day (0–1439) at `now` in `timeZone`. */
function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the time zone is one Intl knows. */
export function validTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * When the quiet hours around `now` end, or null when `now` is outside them. `from` after `to` spans
 * midnight (22:00–07:00); equal times mean no quiet hours.
 */
export function quietUntil(now: Date, q: { from: string; to: string; timeZone: string }): Date | null {
  const [from, to] = [minutesOf(q.from), minutesOf(q.to)];
  if (from === to) return null;
  const m = localMinutes(now, q.timeZone);
  const inside = from < to ? m >= from && m < to : m >= from || m < to;
  if (!inside) return null;
  const left = (to - m + 1440) % 1440;
  const start = Math.floor(now.getTime() / MINUTE) * MINUTE;
  return new Date(start + left * MINUTE);
}

/** The text of an alert message for chat channels and e-mail. */
export function alertText(lang: Lang, body: WatchWebhookBody): { subject: string; text: string } {
  const a = body.alert;
  const show = (v: unknown): string => {
    if (v === null || v === undefined) return '—';
    if (typeof v === 'object') {
      const m = v as { id?: string; name?: string; role?: string };
      return [m.name ?? m.id, m.name ? `(${m.id})` : '', m.role ? `[${m.role}]` : ''].filter(Boolean).join(' ');
    }
    return String(v);
  };
  const preset = presetOf(a.rule);
  const rule = preset ? PRESET_NAMES[preset][lang === 'en-US' ? 1 : 0] : a.rule;
  const state = t(lang, a.state === 'firing' ? 'watchFiring' : 'watchResolved');
  const by = a.by === 'outside' ? t(lang, 'watchByOutside') : t(lang, 'watchByJob', { job: a.by.slice(4) });
  const object = a.object.name || a.object.id;
  return {
    subject: t(lang, 'watchAlertSubject', { state, rule, object }),
    text: t(lang, 'watchAlertText', {
      state, rule, object, type: a.object.type, id: a.object.id, field: a.change.field, from: show(a.change.from), to: show(a.change.to), by, url: a.url,
    }),
  };
}

/** Sends one message to one channel. Throws a DeliveryError. */
export async function sendTo(ctx: AppContext, channel: Channel, message: { body: WatchWebhookBody | WatchApprovalWebhookBody | null; subject: string; text: string }): Promise<void> {
  const o = { allowLoopback: ctx.config.webhookAllowLoopback, resolve: ctx.config.webhookResolve };
  switch (channel.kind) {
    case 'email':
      try {
        await ctx.mailer.send({ to: channel.target ?? '', subject: message.subject, text: message.text });
      } catch {
        throw new DeliveryError('watchMailFailed' as never);
      }
      return;
    case 'webhook':
      // a test message has no alert: the receiver gets `{ test: true, text }`
      return safePostJson(channel.secret ?? '', message.body ?? { test: true, text: message.text }, o);
    case 'slack':
      return safePostJson(channel.secret ?? '', { text: message.text }, o);
    case 'telegram':
      return safePostJson(`${ctx.config.telegramApi}/bot${channel.secret ?? ''}/sendMessage`, { chat_id: channel.target, text: message.text }, o);
    default:
      throw new DeliveryError('watchBadUrl', {}, true);
  }
}

type Claimed = {
  id: number;
  user_id: number;
  channel_id: number;
  attempts: number;
  locked_until: string | Date;
} & ({ kind: 'alert'; state: WatchAlertState; payload: WatchWebhookBody } | { kind: 'approval'; state: WatchApprovalState; payload: WatchApprovalWebhookBody });

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Claims up to `limit` due rows for this caller: pending, due, not leased by anyone (or the lease ran
 * out: the instance that held it stopped mid-send), and for a `resolved` message only once its
 * `firing` message left (an approval's decision once its request left). One statement; `skip locked`
 * passes over rows another worker is claiming now.
 */
async function claim(ctx: AppContext, now: Date, limit: number): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + LEASE_MS);
  const result = await ctx.db.execute(sql`
    update watch_outbox set locked_until = ${lease.toISOString()}::timestamptz, attempts = attempts + 1
    where id in (
      select o.id from watch_outbox o
      where o.status = 'pending' and o.next_at <= ${now.toISOString()}::timestamptz
        and (o.locked_until is null or o.locked_until <= ${now.toISOString()}::timestamptz)
        and not (o.state = 'resolved' and exists (select 1 from watch_outbox f where f.alert_id = o.alert_id
          and f.channel_id = o.channel_id and f.state = 'firing' and f.status = 'pending'))
        and not (o.kind = 'approval' and o.state <> 'requested' and exists (select 1 from watch_outbox r where r.approval_id = o.approval_id
          and r.channel_id = o.channel_id and r.state = 'requested' and r.status = 'pending'))
      order by o.id
      limit ${limit}
      for update skip locked
    )
    returning id, user_id, kind, channel_id, state, payload, attempts, locked_until`);
  return rowsOf<Claimed>(result).map((r) => ({ ...r, id: Number(r.id) }));
}

/** Marks a claimed row, only while this caller still holds its lease. */
async function settle(ctx: AppContext, row: Claimed, set: Record<string, unknown>): Promise<boolean> {
  const lease = new Date(row.locked_until).toISOString();
  const assignments = Object.entries(set).map(([k, v]) => sql`${sql.identifier(k)} = ${v instanceof Date ? v.toISOString() : v}`);
  const result = await ctx.db.execute(sql`update watch_outbox set ${sql.join(assignments, sql`, `)}
    where id = ${row.id} and locked_until = ${lease}::timestamptz returning id`);
  return rowsOf(result).length === 1;
}

/**
 * Sends what is due now (at most `max` messages); returns how many were sent. Safe to call from any
 * number of instances and timers at once.
 */
export async function deliverDue(ctx: AppContext, max = 200): Promise<number> {
  let sent = 0;
  let handled = 0;
  while (handled < max) {
    const now = ctx.now();
    const rows = await claim(ctx, now, Math.min(BATCH, max - handled));
    if (!rows.length) break;
    handled += rows.length;
    const quiet = new Map<number, Date | null>();
    for (const row of rows) {
      if (row.kind === 'alert' && !quiet.has(row.user_id)) {
        const [s] = await ctx.db.select().from(watchSettings).where(eq(watchSettings.userId, row.user_id));
        quiet.set(row.user_id, s?.quietFrom && s.quietTo && s.timeZone ? quietUntil(now, { from: s.quietFrom, to: s.quietTo, timeZone: s.timeZone }) : null);
      }
      const until = row.kind === 'alert' ? quiet.get(row.user_id) : null;
      if (until) {
        // quiet hours: held, not dropped; sent when they end (the claim did not count as an attempt)
        await settle(ctx, row, { next_at: until, locked_until: null, attempts: row.attempts - 1 });
        continue;
      }
      // the user's own channel for an own rule's alert, else the team's (written so by alerts.ts and approval-messages.ts)
      const [channel] = await ctx.db.select().from(watchChannels).where(eq(watchChannels.id, row.channel_id));
      if (!channel || !channel.enabled || (channel.orgId === null && channel.userId !== row.user_id)) {
        await settle(ctx, row, { status: 'failed', last_error: 'channel disabled', locked_until: null });
        continue;
      }
      try {
        const { subject, text } = row.kind === 'approval' ? approvalText(channel.lang as Lang, row.payload) : alertText(channel.lang as Lang, row.payload);
        await sendTo(ctx, channel, { body: row.payload, subject, text });
        if (await settle(ctx, row, { status: 'sent', sent_at: ctx.now(), locked_until: null, last_error: null })) sent++;
      } catch (err) {
        const e = err instanceof DeliveryError ? err : new DeliveryError('watchUnreachable', { host: '?' });
        const giveUp = e.permanent || row.attempts >= MAX_ATTEMPTS;
        await settle(ctx, row, {
          status: giveUp ? 'failed' : 'pending', locked_until: null, last_error: `${e.key} ${JSON.stringify(e.params)}`.slice(0, 500),
          next_at: new Date(ctx.now().getTime() + retryDelay(row.attempts)),
        });
      }
    }
  }
  return sent;
}

/** The instance's delivery timer: every `watchOutboxPollMs`, and soon after an alert enqueued messages. */
export function startOutboxWorker(ctx: AppContext, log: { warn(obj: object, msg: string): void }): { kick(): void; stop(): Promise<void> } {
  const every = ctx.config.watchOutboxPollMs;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) { again = true; return; }
    running = deliverDue(ctx).then(() => {}, (err: unknown) => log.warn({ err: String(err) }, 'watch delivery failed')).finally(() => {
      running = null;
      if (again && !stopped) { again = false; run(); }
    });
  };
  const timer = every > 0 ? setInterval(run, every) : null;
  timer?.unref();
  return {
    kick: () => { if (every > 0) setTimeout(run, 0).unref(); },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
