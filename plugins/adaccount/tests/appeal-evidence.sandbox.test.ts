// The ad account's appeal evidence reads real sandbox answers (issue 34 item 5; docs/DECISIONS.md, "The
// watch: appeal evidence (issue 34)"): spend by day from `act_X/insights?time_increment=1` in the
// platform's shape, and the activity log after a world event disabled the account; a role that may not
// read the log gets the section's reason, not a failed export. Every call is on the allow-list (the harness checks).
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { noWait, sandboxArea } from '../../../tests/sandbox/area-harness';
import i18next from 'i18next';
import { readSection } from '../../../src/kernel/list/evidence-read';
import strings from '../locales/en-US.json';
import type { EvidenceActivity, EvidenceContext, EvidenceExtras, EvidenceSpend } from '../../../src/kernel/list/evidence-types';
import type { Bridge } from '../../../src/kernel/bridge/bridge';

/** plugins/adaccount/evidence.ts, loaded through vite's alias (the area's modules import `@kernel`). */
interface Evidence {
  spendByDay(bridge: Bridge, id: string, currency: string, since: Date, until: Date, o?: { sleep?: () => Promise<void> }): Promise<EvidenceSpend>;
  activities(bridge: Bridge, id: string, since: Date, until: Date, t: TFunction, o?: { sleep?: () => Promise<void> }): Promise<EvidenceActivity[]>;
  accountEvidence(ctx: EvidenceContext, id: string, currency: string): Promise<EvidenceExtras>;
}

const area = sandboxArea('adaccount');
let ev: Evidence;
let t: TFunction;

beforeAll(async () => {
  ev = await area.module<Evidence>('evidence.ts');
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { adaccount: strings } }, interpolation: { escapeValue: false } });
  t = i18n.getFixedT('en-US', 'adaccount');
});

const DAY = 86_400_000;
const world = async (events: unknown[]) => {
  const r = await fetch(`${area.sb.base}/__sandbox/world`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ events }) });
  expect(r.status).toBe(200);
};

/** An account with spend that the session user administers. */
function spendingAccount() {
  const data = area.sb.state.data;
  const a = data.accountList.find((x) => x.amount_spent > 0 && x.account_status === 1 && x.created_time * 1000 < area.sb.state.now() - 60 * DAY
    && x.users.some((u) => u.uid === data.fixtures.sessionUser && u.role === 1001));
  expect(a).toBeTruthy();
  return a!;
}

describe('spend by day', () => {
  it('the sandbox answers act_X/insights with time_increment one row per day, paged, in the platform\'s shape', async () => {
    const a = spendingAccount();
    const { body } = await area.bridge.graph<{ data: Record<string, string>[]; paging?: { next?: string } }>({
      path: `${a.id}/insights`, params: { fields: 'spend', time_increment: 1, time_range: JSON.stringify({ since: '2026-10-01', until: '2026-10-30' }), limit: 10 },
    });
    expect(body.data).toHaveLength(10);
    expect(body.paging?.next).toContain('after=');
    for (const row of body.data) {
      // the dates come whatever `fields` names, like the platform's
      expect(Object.keys(row).sort()).toEqual(['date_start', 'date_stop', 'spend']);
      expect(row.date_start).toBe(row.date_stop);
      expect(row.spend).toMatch(/^\d+(\.\d\d)?$/);
    }
    expect(body.data[0]!.date_start).toBe('2026-10-01');
    // a range the wrong way round is refused like the platform refuses a bad parameter
    await expect(area.bridge.graph({ path: `${a.id}/insights`, params: { fields: 'spend', time_increment: 1, time_range: '{"since":"2026-10-30","until":"2026-10-01"}' } })).rejects.toThrow(/time_range/);
  });

  it('reads every day of the period through the next links; the days add up to the same as by week', async () => {
    const a = spendingAccount();
    const until = new Date(area.sb.state.now());
    const since = new Date(until.getTime() - 30 * DAY);
    const spend = await ev.spendByDay(area.bridge, a.id, a.currency, since, until, { sleep: noWait });
    expect(spend.currency).toBe(a.currency);
    expect(spend.days.length).toBeGreaterThan(25); // more than one page of 25
    expect(spend.days.length).toBeLessThanOrEqual(31);
    expect(new Set(spend.days.map((d) => d.date)).size).toBe(spend.days.length);
    const { body } = await area.bridge.graph<{ data: { spend: string }[] }>({
      path: `${a.id}/insights`, params: { fields: 'spend', time_increment: 7, time_range: JSON.stringify({ since: since.toISOString().slice(0, 10), until: until.toISOString().slice(0, 10) }) },
    });
    const byWeek = body.data.reduce((s, r) => s + Number(r.spend), 0);
    const byDay = spend.days.reduce((s, d) => s + d.spend, 0);
    expect(byDay).toBeGreaterThan(0);
    expect(byDay).toBeCloseTo(byWeek, 2);
  });
});

describe('the activity log', () => {
  it('lists a disable from outside with its actor and old and new values in words', async () => {
    const a = spendingAccount();
    const before = new Date(area.sb.state.now() - 1000);
    await world([{ kind: 'disableAccount', id: a.id, reason: 3 }]);
    const log = await ev.activities(area.bridge, a.id, new Date(before.getTime() - 30 * DAY), new Date(area.sb.state.now() + 1000), t, { sleep: noWait });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actor: 'Meta (0)', event: 'Account status updated', object: a.name,
      from: 'Status: Active, Disable reason: None', to: 'Status: Disabled, Disable reason: Risk payment',
    });
    expect(Math.abs(Date.parse(log[0]!.at) - area.sb.state.now())).toBeLessThan(60_000);
  });

  it('an analyst\'s export keeps the spend and says the log could not be read', async () => {
    const analyst = area.sb.state.data.accounts.get(area.sb.state.data.fixtures.adaccounts.analystRole!)!;
    await world([{ kind: 'disableAccount', id: analyst.id, reason: 1 }]);
    const until = new Date(area.sb.state.now() + 1000);
    const ctx: EvidenceContext = { bridge: area.bridge, since: new Date(until.getTime() - 30 * DAY), until, t, read: readSection };
    const extras = await ev.accountEvidence(ctx, analyst.id, analyst.currency);
    expect(extras.spend?.ok).toBe(true);
    expect(extras.activities?.ok).toBe(false);
    expect(extras.activities?.ok === false && extras.activities.problem).toMatch(/admins and advertisers|permission/i);
  });
});
