/**
 * What an ad account's appeal evidence adds to the watch's changes (issue 34 item 5; docs/DECISIONS.md,
 * "The watch: appeal evidence (issue 34)"): its spend by day and the platform's activity log of the
 * period, both read with the operator's own session. Loaded when the operator clicks the button
 * (views/AccountDetail.tsx). A role that may not read the log (an analyst) gets the section's reason,
 * not a failed export.
 */
import { expectRows, readAll, type Bridge, type EvidenceActivity, type EvidenceContext, type EvidenceExtras, type EvidenceSpend, type Shape } from '@kernel';
import type { TFunction } from 'i18next';
import { actId } from './api';
import { disableReasonKey, ROLE_KEYS, statusKey } from './mappings';

/** At most this many activity entries (the platform pages them 100 at a time). */
export const ACTIVITIES_MAX = 1000;
const ACTIVITY_FIELDS = 'actor_id,actor_name,event_time,event_type,translated_event_type,extra_data,object_id,object_name';

const SPEND_SHAPE: Shape = { spend: 'string', date_start: 'string' };
const ACTIVITY_SHAPE: Shape = { event_time: 'string', event_type: 'string', actor_name: 'string?', translated_event_type: 'string?', extra_data: 'string?', object_name: 'string?' };

/** `YYYY-MM-DD` of a time, in UTC (the period's ends). */
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/** Spend per day from `act_X/insights?time_increment=1` over the period (days without spend are not listed). */
export async function spendByDay(bridge: Bridge, accountId: string, currency: string, since: Date, until: Date, o: { signal?: AbortSignal; sleep?: (ms: number) => Promise<void> } = {}): Promise<EvidenceSpend> {
  const rows = expectRows<{ spend: string; date_start: string }>('adaccount.insights', await readAll(bridge, `${actId(accountId)}/insights`, {
    fields: 'spend', level: 'account', time_increment: 1, time_range: JSON.stringify({ since: dateOf(since), until: dateOf(until) }), limit: 100,
  }, { max: 400, signal: o.signal, sleep: o.sleep }), SPEND_SHAPE);
  return { currency, days: rows.map((r) => ({ date: r.date_start, spend: Number(r.spend) || 0 })) };
}

interface ActivityRow { event_time: string; event_type: string; actor_name?: string; actor_id?: string; translated_event_type?: string; extra_data?: string; object_name?: string; object_id?: string }

/** `2026-11-28T10:00:00+0000` → an ISO time (the platform's offset has no colon). */
export function activityTime(text: string): string {
  const d = new Date(text.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
}

/** One side of `extra_data` (its `old_value` or `new_value`) as words: codes the area knows worded, the rest as `key: value`. */
export function sideWords(value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>).map(([key, v]) => {
    if (key === 'account_status' && typeof v === 'number') return `${t('columns.status')}: ${t(statusKey(v))}`;
    if (key === 'disable_reason' && typeof v === 'number') return `${t('columns.disableReason')}: ${t(disableReasonKey(v))}`;
    if (key === 'role' && typeof v === 'number' && ROLE_KEYS[v]) return `${t('detail.role')}: ${t(ROLE_KEYS[v]!)}`;
    return `${key}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`;
  }).join(', ');
}

/** The platform's activity log of the period (`act_X/activities`, since/until in epoch seconds), as the evidence lists it. */
export async function activities(bridge: Bridge, accountId: string, since: Date, until: Date, t: TFunction, o: { signal?: AbortSignal; sleep?: (ms: number) => Promise<void> } = {}): Promise<EvidenceActivity[]> {
  const rows = expectRows<ActivityRow>('adaccount.activities', await readAll(bridge, `${actId(accountId)}/activities`, {
    fields: ACTIVITY_FIELDS, since: Math.floor(since.getTime() / 1000), until: Math.ceil(until.getTime() / 1000), limit: 100,
  }, { max: ACTIVITIES_MAX, signal: o.signal, sleep: o.sleep }), ACTIVITY_SHAPE);
  return rows.map((r) => {
    let extra: { old_value?: unknown; new_value?: unknown } = {};
    try {
      const parsed: unknown = r.extra_data ? JSON.parse(r.extra_data) : {};
      if (parsed && typeof parsed === 'object') extra = parsed as typeof extra;
    } catch { /* not JSON: shown as it came */ extra = { new_value: r.extra_data }; }
    return {
      at: activityTime(r.event_time),
      actor: r.actor_name ? (r.actor_id ? `${r.actor_name} (${r.actor_id})` : r.actor_name) : (r.actor_id ?? ''),
      event: r.translated_event_type || r.event_type,
      object: r.object_name || r.object_id || undefined,
      from: sideWords(extra.old_value, t),
      to: sideWords(extra.new_value, t),
    };
  });
}

/** The ad account's extras, each section read on its own (one that fails says why; the other still shows). */
export async function accountEvidence(ctx: EvidenceContext, accountId: string, currency: string): Promise<EvidenceExtras> {
  const [spend, log] = await Promise.all([
    ctx.read(() => spendByDay(ctx.bridge, accountId, currency, ctx.since, ctx.until, { signal: ctx.signal })),
    ctx.read(() => activities(ctx.bridge, accountId, ctx.since, ctx.until, ctx.t, { signal: ctx.signal })),
  ]);
  return { spend, activities: log };
}
