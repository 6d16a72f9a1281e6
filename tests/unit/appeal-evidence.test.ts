// The appeal evidence's content (issue 34 item 5; docs/DECISIONS.md, "The watch: appeal evidence (issue 34)"):
// the page and the CSV say what changed, when, who made it (from outside, or a Tessera job with its action
// and who started it), the disable reason in words, the spend by day with its total and the platform's
// activity log; platform text stays text; a section that could not be read says so.
import { beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { unzipSync, strFromU8 } from 'fflate';
import type { i18n as I18n } from 'i18next';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { createI18n } from '../../src/kernel/i18n';
import type { LoadedPlugin } from '../../src/kernel/plugin/types';
import { evidenceCsv, evidenceHtml, escapeHtml, spendTotal, type EvidenceInput, type EvidenceJob } from '../../src/kernel/list/evidence';
import { evidenceWords, evidenceZip, gatherEvidence } from '../../src/kernel/list/evidence-export';
import type { WatchChange } from '../../protocol/api/watch';
import adaccount from '../../plugins/adaccount';
import bm from '../../plugins/bm';
import { sideWords, activityTime } from '../../plugins/adaccount/evidence';

const HOSTILE = '<img src=x onerror=alert(1)>';
const NOW = new Date('2026-11-28T12:00:00Z');
const SINCE = new Date('2026-10-29T12:00:00Z');
const account = { type: 'adaccount' as const, id: 'act_1', name: `Blue ${HOSTILE}` };

const CHANGES: WatchChange[] = [
  // given newest first, as the server answers
  { at: '2026-11-20T09:00:00Z', object: account, field: 'users', from: null, to: { id: '900', name: '=HYPERLINK("http://x")', role: '1001' }, by: 'outside' },
  { at: '2026-11-10T10:00:00Z', object: account, field: 'disableReason', from: 0, to: 3, by: 'outside' },
  { at: '2026-11-10T10:00:00Z', object: account, field: 'status', from: 1, to: 2, by: 'outside' },
  { at: '2026-11-05T08:00:00Z', object: account, field: 'spendCap', from: 500, to: 750, by: 'job:job-42' },
];

const JOBS = new Map<string, EvidenceJob>([['job-42', { action: 'Set the spending limit', startedBy: 'Operator Ann', identity: '61550000000001' }]]);

function input(over: Partial<EvidenceInput> = {}): EvidenceInput {
  return {
    object: account, now: NOW, since: SINCE, exportedBy: 'Operator Ann',
    current: { status: 2, disableReason: 3 },
    changes: { ok: true, value: CHANGES },
    jobs: JOBS,
    extras: {
      spend: { ok: true, value: { currency: 'USD', days: [{ date: '2026-11-02', spend: 20.2 }, { date: '2026-11-01', spend: 10.1 }] } },
      activities: { ok: true, value: [{ at: '2026-11-10T10:00:01.000Z', actor: `Meta (0)`, event: 'Ad account disabled', object: 'Blue', from: 'Status: Active', to: 'Status: Disabled' }] },
    },
    ...over,
  };
}

let plugins: readonly LoadedPlugin[];
const i18ns: Partial<Record<'en-US' | 'zh-CN', I18n>> = {};
const words = (lng: 'en-US' | 'zh-CN', type = 'adaccount') => evidenceWords({ i18n: i18ns[lng]!, allPlugins: plugins }, type);

/** The page's visible text, as a browser would show it. */
function pageOf(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}
function sectionText(doc: Document, heading: string): string {
  const h = [...doc.querySelectorAll('h2')].find((x) => x.textContent === heading);
  expect(h, heading).toBeTruthy();
  const parts: string[] = [];
  for (let el = h!.nextElementSibling; el && el.tagName !== 'H2' && el.tagName !== 'FOOTER'; el = el.nextElementSibling) parts.push(el.textContent ?? '');
  return parts.join('\n');
}

beforeAll(async () => {
  const registry = createRegistry({ 'test/adaccount': { default: adaccount }, 'test/bm': { default: bm } });
  plugins = registry.plugins;
  i18ns['en-US'] = await createI18n(plugins, 'en-US');
  i18ns['zh-CN'] = await createI18n(plugins, 'zh-CN');
});

describe('the evidence page', () => {
  it('shows the status, the disable reason in words, every change with who made it, spend with its total and the activity log', () => {
    const doc = pageOf(evidenceHtml(input(), words('en-US')));
    expect(doc.documentElement.lang).toBe('en-US');
    expect(doc.querySelector('h1')!.textContent).toBe(`Appeal evidence: Ad account Blue ${HOSTILE}`);
    // the times are the browser's: the header says in which zone
    expect(doc.querySelector('table.meta')!.textContent).toContain(`Time zone${Intl.DateTimeFormat().resolvedOptions().timeZone}`);
    const current = sectionText(doc, 'Current status');
    expect(current).toContain('Disabled');
    expect(current).toContain('Risk payment');
    // the status timeline: the status and the disable reason, not the spending limit
    const timeline = sectionText(doc, 'Status timeline');
    expect(timeline).toContain('Active → Disabled');
    expect(timeline).toContain('Disable reason');
    expect(timeline).not.toContain('Spend cap');
    const changes = [...doc.querySelectorAll('h2')].find((h) => h.textContent === 'Changes and who made them')!.nextElementSibling!;
    const rows = [...changes.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    // oldest first; who made each
    expect(rows.map((r) => r[1])).toEqual(['Spend cap', 'Status', 'Disable reason', 'Users']);
    expect(rows[0]![2]).toBe('500 → 750');
    expect(rows[0]![3]).toBe('Tessera job job-42 (Set the spending limit), started by Operator Ann as platform user 61550000000001');
    expect(rows[1]![3]).toBe('From outside');
    expect(rows[3]![2]).toContain('=HYPERLINK("http://x") (900), Admin added');
    const spend = sectionText(doc, 'Spend by day');
    expect(spend).toContain('2026-11-01');
    expect(spend).toContain('$10.10');
    expect(spend).toContain('Total');
    expect(spend).toContain('$30.30');
    const log = sectionText(doc, "The platform's activity log");
    expect(log).toContain('Meta (0)');
    expect(log).toContain('Ad account disabled');
    expect(log).toContain('Status: Active → Status: Disabled');
  });

  it('renders platform and server text as text, never as HTML', () => {
    const html = evidenceHtml(input({ extras: { activities: { ok: true, value: [{ at: NOW.toISOString(), actor: HOSTILE, event: '<script>alert(2)</script>', from: '', to: '"><b>x</b>' }] } } }), words('en-US'));
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const doc = pageOf(html);
    expect(doc.querySelector('img, script, b')).toBeNull();
    expect(doc.body.textContent).toContain(HOSTILE);
    expect(doc.body.textContent).toContain('<script>alert(2)</script>');
    expect(escapeHtml(`a&b<'">`)).toBe('a&amp;b&lt;&#39;&quot;&gt;');
  });

  it('says when a section could not be read, and that the platform keeps no log for a business', () => {
    const refused = evidenceHtml(input({
      changes: { ok: false, problem: 'server unreachable' },
      extras: { spend: { ok: true, value: { currency: 'USD', days: [] } }, activities: { ok: false, problem: '(#200) User does not have permission to read the activities of this ad account' } },
    }), words('en-US'));
    const doc = pageOf(refused);
    expect(sectionText(doc, 'Changes and who made them')).toBe('Could not be read: server unreachable');
    expect(sectionText(doc, 'Spend by day')).toBe('No spend in this period.');
    expect(sectionText(doc, "The platform's activity log")).toBe('Could not be read: (#200) User does not have permission to read the activities of this ad account');

    const business = { type: 'business' as const, id: '77', name: 'Blue BM' };
    const bmDoc = pageOf(evidenceHtml(input({
      object: business, current: { restriction: true },
      changes: { ok: true, value: [{ at: '2026-11-11T00:00:00Z', object: business, field: 'restriction', from: false, to: true, by: 'outside' }] },
      extras: {},
    }), words('en-US', 'business')));
    expect(bmDoc.querySelector('h1')!.textContent).toBe('Appeal evidence: Business Blue BM');
    expect(sectionText(bmDoc, 'Status timeline')).toContain('Not restricted → Restricted');
    expect(sectionText(bmDoc, "The platform's activity log")).toBe('The platform keeps no public activity log for this kind of object.');
    expect([...bmDoc.querySelectorAll('h2')].map((h) => h.textContent)).not.toContain('Spend by day');
  });

  it('is written in the operator\'s language', () => {
    const doc = pageOf(evidenceHtml(input(), words('zh-CN')));
    expect(doc.documentElement.lang).toBe('zh-CN');
    expect(doc.querySelector('h1')!.textContent).toContain('申诉材料：广告账户');
    expect(sectionText(doc, '状态变化')).toContain('正常 → 已停用');
    expect(sectionText(doc, '当前状态')).toContain('支付风险');
    expect(sectionText(doc, '变动及操作人')).toContain('来自外部');
    expect(sectionText(doc, '变动及操作人')).toContain('Tessera 任务 job-42（Set the spending limit），由 Operator Ann 以平台用户 61550000000001 发起');
  });
});

describe('the evidence CSV', () => {
  const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

  it('starts with a byte-order mark and has one row per entry: time, section, field, from, to, by', () => {
    const csv = evidenceCsv(input(), words('en-US'));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [head, ...rows] = parse(csv);
    expect(head).toEqual(['Time', 'Section', 'Field', 'From', 'To', 'By']);
    expect(rows).toContainEqual(['2026-11-10T10:00:00Z', 'Status change', 'Status', 'Active', 'Disabled', 'From outside']);
    expect(rows).toContainEqual(['2026-11-10T10:00:00Z', 'Status change', 'Disable reason', 'None', 'Risk payment', 'From outside']);
    expect(rows).toContainEqual(['2026-11-05T08:00:00Z', 'Change', 'Spend cap', '500', '750', 'Tessera job job-42 (Set the spending limit), started by Operator Ann as platform user 61550000000001']);
    expect(rows).toContainEqual(['2026-11-01', 'Spend', 'USD', '', '10.1', '']);
    expect(rows).toContainEqual([NOW.toISOString(), 'Spend total', 'USD', '', '30.3', '']);
    expect(rows).toContainEqual(['2026-11-10T10:00:01.000Z', 'Platform activity', 'Ad account disabled', 'Status: Active', 'Status: Disabled', 'Meta (0)']);
    expect(rows.filter((r) => r[1] === 'Current status').map((r) => [r[2], r[4]])).toEqual([['Status', 'Disabled'], ['Disable reason', 'Risk payment']]);
    expect(spendTotal({ currency: 'USD', days: [{ date: 'a', spend: 0.1 }, { date: 'b', spend: 0.2 }] })).toBe(0.3);
  });

  it('prefixes a cell that would start a formula', () => {
    const rows = parse(evidenceCsv(input({ extras: { activities: { ok: true, value: [{ at: NOW.toISOString(), actor: '@SUM(A1)', event: '+cmd', from: '-1+2', to: '-12.5' }] } } }), words('en-US')));
    expect(rows.find((r) => r[2] === 'Users')![4]).toBe(`'=HYPERLINK("http://x") (900), Admin`);
    const activity = rows.find((r) => r[1] === 'Platform activity')!;
    expect(activity.slice(2)).toEqual(["'+cmd", "'-1+2", '-12.5', "'@SUM(A1)"]);
  });

  it('says in its rows when a section could not be read', () => {
    const rows = parse(evidenceCsv(input({ extras: { activities: { ok: false, problem: 'refused' } } }), words('en-US')));
    expect(rows).toContainEqual([NOW.toISOString(), 'Platform activity', '', '', 'Could not be read: refused', '']);
  });
});

describe('gathering and the download', () => {
  it('reads the object\'s changes of the last 30 days, the action of each job behind them, and the area\'s sections; one zip holds the page and the CSV', async () => {
    const asked: { path: string; query: Record<string, unknown> }[] = [];
    const api = {
      get: async (path: string, o: { query: Record<string, unknown> }) => {
        asked.push({ path, query: o.query });
        if (path === '/api/watch/changes') return CHANGES;
        if (path === '/api/jobs/records') return { list: [{ job: 'job-42', action: 'adaccount.setSpendCap', fbid: '61550000000001', item: 'act_1', attempt: 0, object: 'act_1', outcome: 'done', before: null, after: null, at: NOW.toISOString() }], total: 1, page: 1, pageSize: 1 };
        throw new Error(`unexpected ${path}`);
      },
    };
    const got = await gatherEvidence({
      type: 'adaccount', id: 'act_1', name: 'Blue', current: { status: 2 },
      extras: async (ctx) => ({
        spend: await ctx.read(async () => ({ currency: 'USD', days: [{ date: '2026-11-01', spend: 5 }] })),
        activities: await ctx.read(async () => { throw new Error('(#200) no permission'); }),
      }),
    }, { api, bridge: {} as never, i18n: i18ns['en-US']!, allPlugins: plugins, user: { role: 'user', name: 'Operator Ann' }, now: NOW });
    expect(asked[0]).toEqual({ path: '/api/watch/changes', query: { type: 'adaccount', id: 'act_1', since: SINCE.toISOString(), limit: 500 } });
    expect(asked.filter((a) => a.path === '/api/jobs/records').map((a) => a.query.job)).toEqual(['job-42']);
    expect(got.jobs.get('job-42')).toEqual({ action: 'Set the spending limit', startedBy: 'Operator Ann', identity: '61550000000001' });
    expect(got.extras.activities).toEqual({ ok: false, problem: '(#200) no permission' });
    expect(got.extras.spend).toEqual({ ok: true, value: { currency: 'USD', days: [{ date: '2026-11-01', spend: 5 }] } });

    const { name, bytes } = evidenceZip(got, words('en-US'));
    expect(name).toMatch(/^appeal-act_1-\d{8}\.zip$/);
    const files = unzipSync(bytes);
    const stem = name.replace(/\.zip$/, '');
    expect(Object.keys(files).sort()).toEqual([`${stem}.csv`, `${stem}.html`]);
    expect(strFromU8(files[`${stem}.html`]!)).toContain('Could not be read: (#200) no permission');
    expect(files[`${stem}.csv`]!.slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});

describe('the ad account\'s activity entries', () => {
  it('words the platform\'s old and new values and reads its times', async () => {
    const t = i18ns['en-US']!.getFixedT('en-US', 'adaccount');
    expect(sideWords({ account_status: 2, disable_reason: 3 }, t)).toBe('Status: Disabled, Disable reason: Risk payment');
    expect(sideWords({ user_id: '9', user_name: 'Jo', role: 1001 }, t)).toBe('user_id: 9, user_name: Jo, Role: Admin');
    expect(sideWords(null, t)).toBe('');
    expect(activityTime('2026-11-28T10:00:00+0000')).toBe('2026-11-28T10:00:00.000Z');
  });
});
