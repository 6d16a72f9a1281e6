// The watch's alerts in the app and the feed that follows the server (issue 34 item 3; docs/DECISIONS.md,
// "The watch: alerts in the app"): the bell counts firing alerts with the unseen notifications, its popover
// words each alert and links its object, resolved ones are marked; a failed read keeps the last list;
// the dashboard lists firing alerts first; the change feed and a timeline read again when the server
// acknowledged a job's records or took a round of snapshots.
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { DashboardOverview } from '../../src/kernel/shell/dashboard/DashboardOverview';
import { WatchFeed, WatchTimeline } from '../../src/kernel/list/WatchChanges';
import { createWatchSender } from '../../src/kernel/list/watch-send';
import { JobRecordsReporter } from '../../src/kernel/runner/job-records';
import { JobStore } from '../../src/kernel/runner/job-store';
import { createKernelStore } from '../../src/kernel/store/store';
import type { WatchAlertView, WatchChange } from '../../protocol/api/watch';
import adaccount from '../../plugins/adaccount';
import bm from '../../plugins/bm';

configure({ asyncUtilTimeout: 5000 }); // the popover and the alerts' part load their code lazily

const ok = (data: unknown) => ({ status: 1, code: 20000, info: 'OK', data });

const FIRING: WatchAlertView[] = [
  {
    id: '11', rule: 'accountDisabled', ruleName: 'Account disabled', state: 'firing',
    object: { type: 'adaccount', id: 'act_1', name: 'Blue Harbor US' }, change: { field: 'status', from: 1, to: 2 },
    by: 'outside', firedAt: '2026-11-28T10:00:00Z', resolvedAt: null, at: '2026-11-28T10:00:00Z',
  },
  {
    id: '12', rule: 'foreignMember', ruleName: 'Admin or partner added from outside', state: 'firing',
    object: { type: 'business', id: '77', name: 'Blue <b>BM</b>' }, change: { field: 'admins', from: null, to: { id: '900', name: 'Stranger', role: 'ADMIN' } },
    by: 'outside', firedAt: '2026-11-28T10:05:00Z', resolvedAt: null, at: '2026-11-28T10:05:00Z',
  },
];
const RESOLVED: WatchAlertView[] = [
  {
    id: '9', rule: 'accountDisabled', ruleName: 'Account disabled', state: 'resolved',
    object: { type: 'adaccount', id: 'act_5', name: 'Old Account' }, change: { field: 'status', from: 2, to: 1 },
    by: 'outside', firedAt: '2026-11-27T08:00:00Z', resolvedAt: '2026-11-27T09:00:00Z', at: '2026-11-27T09:00:00Z',
  },
];

/** A fake product server: the session, one unseen notification, the alerts by state (or a failure), the changes. */
function fakeServer(plugins: string[]) {
  const s = {
    firing: FIRING as WatchAlertView[],
    resolved: RESOLVED as WatchAlertView[],
    failAlerts: false,
    alertReads: 0,
    changes: [] as WatchChange[],
    changeReads: 0,
  };
  const impl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const answers: Record<string, () => unknown> = {
      '/api/user/info': () => ok({ id: 1, email: 'op@tessera.test', name: 'Operator Ann', role: 'user', plugins }),
      '/api/message_notification/unseen': () => ok({ list: [{ id: 7, title: 'Maintenance', content: 'Tonight.', message_type: 1, create_time: '2026-01-02T00:00:00Z' }], count: 1 }),
      '/api/watch/alerts': () => {
        s.alertReads++;
        if (s.failAlerts) return null;
        return ok(url.searchParams.get('state') === 'resolved' ? s.resolved : s.firing);
      },
      '/api/watch/changes': () => { s.changeReads++; return ok(s.changes); },
      '/api/pay/getRecords': () => ok([]),
      '/api/module_statistics_visit/save': () => ok(null),
      '/api/graphql-docs': () => ok({}),
    };
    const answer = answers[url.pathname]?.();
    if (answer === null) return new Response('down', { status: 502 });
    return new Response(JSON.stringify(answer ?? { status: 0, code: 40400, info: 'not found', data: null }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: impl as unknown as typeof fetch, s };
}

const host = (id: string, Component: () => ReactElement) => ({ id, routes: [{ path: `/${id}/index`, component: async () => ({ default: Component }) }] });

afterEach(() => cleanup());

describe('the bell', () => {
  it('counts firing alerts with the unread notifications, and its popover words each alert, links its object and marks resolved ones', async () => {
    const server = fakeServer(['adaccount', 'bm', 'bellhost']);
    await renderWithKernel({ plugins: [adaccount, bm, host('bellhost', () => <p>home</p>)], route: '/bellhost/index', locale: 'en-US', fetch: server.fetch });
    const bell = await screen.findByTestId('notification-bell');
    // one notification and two firing alerts: one badge, the bell red, the label saying both
    await waitFor(() => expect(within(bell).getByTestId('notification-count').textContent).toBe('3'));
    expect(bell.getAttribute('data-alerts')).toBe('2');
    expect(bell.className).toContain('intent-danger');
    expect(bell.getAttribute('aria-label')).toBe('Notifications (1 unread) and 2 alerts firing');

    fireEvent.click(bell);
    const alerts = await screen.findByTestId('bell-alerts');
    const items = within(alerts).getAllByTestId('alert');
    expect(items.map((i) => i.getAttribute('data-alert-state'))).toEqual(['firing', 'firing', 'resolved']);
    const [disabled, admin, resolved] = items;
    expect(disabled.textContent).toContain('Account disabled');
    expect(disabled.textContent).toContain('Ad account');
    expect(disabled.textContent).toContain('Status: Active → Disabled');
    expect(disabled.textContent).toContain('From outside');
    expect(disabled.querySelector('[data-watch-by="outside-danger"]')).toBeNull();
    // the object leads to its area's list filtered on it, as the change feed links it
    expect(within(disabled).getByRole('link', { name: 'Blue Harbor US' }).getAttribute('href')).toBe('/adaccount/index?q=1');
    // an admin added from outside: in red; the platform's text stays text
    expect(admin.textContent).toContain('Admins: Stranger (900), Admin added');
    expect(admin.querySelector('[data-watch-by="outside-danger"]')!.className).toContain('intent-danger');
    expect(admin.textContent).toContain('Blue <b>BM</b>');
    expect(admin.querySelector('b')).toBeNull();
    // resolved: marked so, with when it ended
    expect(resolved.textContent).toContain('Resolved');
    expect(resolved.textContent).toMatch(/resolved .*2026/);
    expect(resolved.className).toContain('tessera-alert-resolved');
    // the notifications are still there under the alerts
    expect(await screen.findByText('Maintenance')).toBeTruthy();
  });

  it('lists the newest 30 firing alerts in the popover and counts the rest; the badge says 99+ beyond 99', async () => {
    const server = fakeServer(['adaccount', 'bellhost']);
    server.s.firing = Array.from({ length: 120 }, (_, i) => ({ ...FIRING[0]!, id: String(100 + i), object: { type: 'adaccount' as const, id: `act_${100 + i}`, name: `Account ${i}` } }));
    await renderWithKernel({ plugins: [adaccount, host('bellhost', () => <p>home</p>)], route: '/bellhost/index', locale: 'en-US', fetch: server.fetch });
    const bell = await screen.findByTestId('notification-bell');
    await waitFor(() => expect(bell.getAttribute('data-alerts')).toBe('120'));
    expect(within(bell).getByTestId('notification-count').textContent).toBe('99+');
    fireEvent.click(bell);
    const alerts = await screen.findByTestId('bell-alerts');
    expect(within(alerts).getAllByTestId('alert').filter((a) => a.getAttribute('data-alert-state') === 'firing')).toHaveLength(30);
    expect(within(alerts).getByTestId('bell-alerts-more').textContent).toBe('and 90 more alerts firing');
  });

  it('reads the alerts again when the tab becomes visible, and keeps the last known list when a read fails', async () => {
    const server = fakeServer(['bellhost']);
    await renderWithKernel({ plugins: [host('bellhost', () => <p>home</p>)], route: '/bellhost/index', locale: 'zh-CN', fetch: server.fetch });
    const bell = await screen.findByTestId('notification-bell');
    await waitFor(() => expect(bell.getAttribute('data-alerts')).toBe('2'));
    expect(bell.getAttribute('aria-label')).toBe('通知（1 条未读），2 条告警未解除');

    server.s.failAlerts = true;
    const before = server.s.alertReads;
    act(() => { document.dispatchEvent(new Event('visibilitychange')); });
    await waitFor(() => expect(server.s.alertReads).toBeGreaterThan(before));
    await new Promise((r) => setTimeout(r, 50));
    expect(bell.getAttribute('data-alerts')).toBe('2');
    expect(within(bell).getByTestId('notification-count').textContent).toBe('3');

    server.s.failAlerts = false;
    server.s.firing = [FIRING[0]!];
    act(() => { document.dispatchEvent(new Event('visibilitychange')); });
    await waitFor(() => expect(bell.getAttribute('data-alerts')).toBe('1'));
    expect(within(bell).getByTestId('notification-count').textContent).toBe('2');

    // none firing: the bell is no longer red, the badge counts the notification only
    server.s.firing = [];
    act(() => { document.dispatchEvent(new Event('visibilitychange')); });
    await waitFor(() => expect(bell.getAttribute('data-alerts')).toBe('0'));
    expect(bell.className).not.toContain('intent-danger');
    expect(within(bell).getByTestId('notification-count').textContent).toBe('1');
  });
});

describe('the dashboard', () => {
  it('lists the firing alerts first in "What needs you now", each linking to its object', async () => {
    const server = fakeServer(['adaccount', 'bm', 'home']);
    await renderWithKernel({ plugins: [adaccount, bm, host('home', () => <DashboardOverview />)], route: '/home/index', locale: 'en-US', fetch: server.fetch });
    const needs = await screen.findByTestId('needs-me');
    const cards = await within(needs).findAllByTestId('needs-me-alert');
    expect(cards).toHaveLength(2);
    // first in the panel, before the figures
    expect(needs.firstElementChild).toBe(cards[0]);
    expect(cards[0]!.textContent).toContain('Account disabled');
    expect(cards[0]!.textContent).toContain('Status: Active → Disabled');
    expect(within(cards[0]!).getByRole('link', { name: 'Blue Harbor US' }).getAttribute('href')).toBe('/adaccount/index?q=1');
    expect(cards[1]!.querySelector('[data-watch-by="outside-danger"]')).not.toBeNull();
    // resolved alerts are the bell's, not the dashboard's
    expect(within(needs).queryByText('Old Account')).toBeNull();
  });

  it('words a condition found at a first sighting as a state, not a change, and counts what it does not list', async () => {
    const server = fakeServer(['adaccount', 'bm', 'home']);
    const firstSeen: WatchAlertView = {
      ...FIRING[0]!, id: '20', object: { type: 'adaccount', id: 'act_3', name: 'Found Disabled' }, change: { field: 'status', from: null, to: 2 },
    };
    server.s.firing = [firstSeen, ...FIRING, { ...FIRING[0]!, id: '21', object: { type: 'adaccount', id: 'act_4', name: 'Fourth' } }];
    await renderWithKernel({ plugins: [adaccount, bm, host('home', () => <DashboardOverview />)], route: '/home/index', locale: 'en-US', fetch: server.fetch });
    const needs = await screen.findByTestId('needs-me');
    const cards = await within(needs).findAllByTestId('needs-me-alert');
    expect(cards).toHaveLength(3);
    expect(cards[0]!.textContent).toContain('Status: Disabled');
    expect(cards[0]!.textContent).not.toContain('→');
    expect(cards[0]!.textContent).not.toContain('From outside');
    expect(within(needs).getByTestId('needs-me-more-alerts').textContent).toBe('1 more alert is firing: see the bell');
  });

  it('says nothing extra when no alert fires', async () => {
    const server = fakeServer(['home']);
    server.s.firing = [];
    await renderWithKernel({ plugins: [host('home', () => <DashboardOverview />)], route: '/home/index', locale: 'en-US', fetch: server.fetch });
    const needs = await screen.findByTestId('needs-me');
    await waitFor(() => expect(server.s.alertReads).toBeGreaterThan(0));
    await screen.findByTestId('needs-me-notification');
    expect(within(needs).queryAllByTestId('needs-me-alert')).toHaveLength(0);
    expect(within(needs).queryByText('Account disabled')).toBeNull();
  });
});

const OUTSIDE: WatchChange = { at: '2026-11-28T09:00:00Z', object: { type: 'adaccount', id: 'act_1', name: 'Blue Harbor US' }, field: 'spendCap', from: null, to: 4321, by: 'outside' };
const BY_JOB: WatchChange = { ...OUTSIDE, by: 'job:job-42' };

describe('the change feed follows the server', () => {
  it('reads again after the server acknowledged a job\'s records: a change first from outside becomes the job\'s without a refresh', async () => {
    const server = fakeServer(['adaccount', 'feedhost']);
    server.s.changes = [OUTSIDE];
    const { bus } = await renderWithKernel({ plugins: [adaccount, host('feedhost', () => <WatchFeed />)], route: '/feedhost/index', locale: 'en-US', fetch: server.fetch });
    const row = await waitFor(() => {
      const el = document.querySelector('[data-watch-change="adaccount:act_1:spendCap"]');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(row.textContent).toContain('From outside');
    const reads = server.s.changeReads;

    // the job's records reach the server after the snapshot
    server.s.changes = [BY_JOB];
    act(() => { bus.emit('records:acknowledged', { jobId: 'job-42', count: 1 }); bus.emit('records:acknowledged', { jobId: 'job-42', count: 1 }); });
    await waitFor(() => expect(document.querySelector('[data-watch-change="adaccount:act_1:spendCap"]')!.textContent).toContain('Tessera job job-42 by Operator Ann'));
    // two acknowledgements close together: one read
    expect(server.s.changeReads).toBe(reads + 1);
  });

  it('a detail panel\'s timeline reads again after a round of snapshots was sent', async () => {
    const server = fakeServer(['adaccount', 'panelhost']);
    const { bus } = await renderWithKernel({ plugins: [adaccount, host('panelhost', () => <WatchTimeline type="adaccount" id="act_1" />)], route: '/panelhost/index', locale: 'en-US', fetch: server.fetch });
    await waitFor(() => expect(document.querySelector('[data-watch-timeline="adaccount:act_1"] [data-watch-empty]')).not.toBeNull());
    server.s.changes = [OUTSIDE];
    act(() => { bus.emit('snapshots:sent', { rows: 1 }); });
    await waitFor(() => expect(document.querySelector('[data-watch-timeline="adaccount:act_1"] table')?.textContent).toContain('Spend cap'));
  });
});

describe('what tells the views', () => {
  it('the job records\' outbox says which job the server acknowledged, and not a failed send', async () => {
    const jobs = new JobStore(createKernelStore(), () => Date.now());
    jobs.create('job-1', {
      actionId: 'adaccount.rename', pluginId: 'adaccount', status: 'running', pauseReason: '', pauseMessage: '', params: '{}', secretFields: '[]', error: '', errorFields: '[]',
      settling: 0, settlingUntil: 0, total: 2, done: 0, failed: 0, skipped: 0, unknown: 0, createdAt: 1, startedAt: 1, updatedAt: 1, finishedAt: 0, dryRun: false,
      startedBy: 'op', undoOf: '', fbid: '100012345', org: 0, approval: 0,
    }, [0, 1].map((i) => ({
      jobId: 'job-1', index: i, itemId: `act_${i}`, item: JSON.stringify({ id: `act_${i}` }), state: 'pending' as const, attempts: 1, message: '', output: '', scope: '',
      requestId: '', deadline: 0, finishedAt: 0, before: JSON.stringify({ name: 'Old' }), after: JSON.stringify({ name: 'New' }), record: 'write' as const,
    })));
    for (const i of [0, 1]) jobs.patchItem(`job-1:${String(i).padStart(7, '0')}`, { state: 'done' });
    let fail = true;
    const told: [string, number][] = [];
    const reporter = new JobRecordsReporter(jobs, {
      platformUserId: () => null, gatherMs: 0, retryMs: 1_000_000,
      send: async () => { if (fail) throw new Error('down'); return { stored: 2, repeated: 0 } as never; },
      acknowledged: (job, count) => told.push([job, count]),
    });
    expect(await reporter.flush()).toBe(0);
    expect(told).toEqual([]);
    fail = false;
    expect(await reporter.flush()).toBe(2);
    expect(told).toEqual([['job-1', 2]]);
    reporter.stop();
  });

  it('the snapshot sender says how many rows a round sent, and nothing when the send failed', async () => {
    let fail = true;
    const sent: number[] = [];
    const box = { value: undefined as unknown };
    const sender = createWatchSender({
      post: async () => { if (fail) throw new Error('down'); return {}; },
      prints: { read: () => box.value, write: (v) => { box.value = v; } },
      setTimer: () => 0, clearTimer: () => {}, log: () => {},
      sent: (rows) => sent.push(rows),
    });
    sender.offer('adaccount', [{ id: 'act_1', name: 'A', status: 1 }, { id: 'act_2', name: 'B', status: 1 }]);
    await sender.flush();
    expect(sent).toEqual([]);
    fail = false;
    await sender.flush();
    expect(sent).toEqual([2]);
    sender.stop();
  });
});
