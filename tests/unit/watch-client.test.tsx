// The watch's client (issue 34 items 1 and 2; docs/DECISIONS.md, "The watch: the client (issue 34)"):
// a loaded list sends only the rows changed since the last send, in requests under 64 KiB, a failed
// send is tried again later; each area's mapping; the feed and the timeline in words, an admin added
// from outside in red.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { definePlugin } from '../../src/kernel/plugin/define-plugin';
import { useAreaList } from '../../src/kernel/list/use-area-list';
import { createWatchSender, chunkRows, fingerprint, WATCH_BODY_MAX_BYTES, WATCH_PRINTS_SHAPE, WATCH_SEND_DELAY_MS, type PrintStore } from '../../src/kernel/list/watch-send';
import { WatchFeed, WatchTimeline } from '../../src/kernel/list/WatchChanges';
import type { WatchChange, WatchRow, WatchSnapshotBody } from '../../protocol/api/watch';
import { toSnapshot as adaccountSnapshot } from '../../plugins/adaccount/watch';
import { toSnapshot as businessSnapshot } from '../../plugins/bm/watch';
import { toSnapshot as pageSnapshot } from '../../plugins/page/watch';
import { toSnapshot as pixelSnapshot } from '../../plugins/pixel/watch';
import adaccount from '../../plugins/adaccount';
import bm from '../../plugins/bm';
import page from '../../plugins/page';
import pixel from '../../plugins/pixel';
import watchPlugin from '../../plugins/watch';
import type { AdAccount } from '../../plugins/adaccount/types';
import type { Business } from '../../plugins/bm/types';

function memoryPrints(initial?: unknown): PrintStore & { value: unknown } {
  const box = { value: initial as unknown, read: () => box.value, write: (v: unknown) => { box.value = v; } };
  return box;
}

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    setTimer: (run: () => void, ms: number) => { const id = next++; pending.set(id, { run, ms }); return id; },
    clearTimer: (id: unknown) => { pending.delete(id as number); },
    waits: () => [...pending.values()].map((p) => p.ms),
    fire: () => { const all = [...pending.entries()]; pending.clear(); for (const [, p] of all) p.run(); },
  };
}

const row = (i: number, status = 1): WatchRow => ({ id: `act_${i}`, name: `Account ${i}`, status });

describe('the watch sender', () => {
  it('sends only the rows changed since the last send, and nothing when nothing changed', async () => {
    const posts: WatchSnapshotBody[] = [];
    const timers = manualTimers();
    const sender = createWatchSender({ post: async (b) => { posts.push(b); }, prints: memoryPrints(), ...timers, log: () => {} });
    sender.offer('adaccount', [row(1), row(2), row(3)]);
    await sender.flush();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toEqual({ type: 'adaccount', rows: [row(1), row(2), row(3)] });
    // the same list again: nothing goes out
    sender.offer('adaccount', [row(1), row(2), row(3)]);
    await sender.flush();
    expect(posts).toHaveLength(1);
    // one account disabled: that row only
    sender.offer('adaccount', [row(1), row(2, 2), row(3)]);
    await sender.flush();
    expect(posts).toHaveLength(2);
    expect(posts[1].rows).toEqual([row(2, 2)]);
  });

  it('keeps what it sent per user across pages (the stored record), and drops a record of another shape with a notice', async () => {
    const prints = memoryPrints();
    const posts: WatchSnapshotBody[] = [];
    const first = createWatchSender({ post: async (b) => { posts.push(b); }, prints, ...manualTimers(), log: () => {} });
    first.offer('page', [{ id: '9', name: 'P', published: true }]);
    await first.flush();
    const again = createWatchSender({ post: async (b) => { posts.push(b); }, prints, ...manualTimers(), log: () => {} });
    again.offer('page', [{ id: '9', name: 'P', published: true }]);
    await again.flush();
    expect(posts).toHaveLength(1);

    const notices: string[] = [];
    const old = memoryPrints({ shape: WATCH_PRINTS_SHAPE - 1, prints: { page: { 9: fingerprint({ id: '9', name: 'P', published: true }) } } });
    const after = createWatchSender({ post: async (b) => { posts.push(b); }, prints: old, ...manualTimers(), log: (m) => notices.push(m) });
    after.offer('page', [{ id: '9', name: 'P', published: true }]);
    await after.flush();
    expect(posts).toHaveLength(2);
    expect(notices.join('\n')).toMatch(/older shape and is dropped/);
    expect((old.value as { shape: number }).shape).toBe(WATCH_PRINTS_SHAPE);
  });

  it('sends a big list in requests under 64 KiB and at most 1000 rows each', async () => {
    const users = Array.from({ length: 20 }, (_, i) => ({ id: `1000${i}`, name: `Person with a fairly long name ${i}`, role: '1001' }));
    const rows = Array.from({ length: 2500 }, (_, i) => ({ ...row(i), users }));
    const posts: string[] = [];
    const sender = createWatchSender({ post: async (b) => { posts.push(JSON.stringify(b)); }, prints: memoryPrints(), ...manualTimers(), log: () => {} });
    sender.offer('adaccount', rows);
    await sender.flush();
    expect(posts.length).toBeGreaterThan(3);
    for (const body of posts) {
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(WATCH_BODY_MAX_BYTES);
      expect(new TextEncoder().encode(body).length).toBeLessThan(64 * 1024);
    }
    const sent = posts.flatMap((b) => (JSON.parse(b) as WatchSnapshotBody).rows.map((r) => r.id));
    expect(new Set(sent).size).toBe(2500);
    // small rows: 1000 to a request
    const small = chunkRows('adaccount', Array.from({ length: 2001 }, (_, i) => ({ id: String(i) })));
    expect(small.chunks.map((c) => c.length)).toEqual([1000, 1000, 1]);
  });

  it('keeps the rows of a failed send and tries them again later, silently (logged), backing off', async () => {
    const timers = manualTimers();
    const logged: string[] = [];
    let fail = 2;
    const posts: WatchSnapshotBody[] = [];
    const prints = memoryPrints();
    const sender = createWatchSender({
      post: async (b) => { if (fail-- > 0) throw new Error('offline'); posts.push(b); }, prints, ...timers, log: (m) => logged.push(m),
    });
    sender.offer('business', [{ id: '77', name: 'BM', restriction: false }]);
    expect(timers.waits()).toEqual([WATCH_SEND_DELAY_MS]); // sent in the background, not in the caller's turn
    timers.fire();
    await vi.waitFor(() => expect(timers.waits()).toEqual([30_000]));
    expect(sender.pending()).toBe(1);
    expect(prints.value).toBeUndefined(); // nothing counts as sent
    timers.fire();
    await vi.waitFor(() => expect(timers.waits()).toEqual([60_000]));
    timers.fire();
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(sender.pending()).toBe(0);
    expect(logged.filter((m) => /failed; tried again later/.test(m))).toHaveLength(2);
    // taken: the same row is not sent again
    sender.offer('business', [{ id: '77', name: 'BM', restriction: false }]);
    await sender.flush();
    expect(posts).toHaveLength(1);
  });
});

describe('each area\'s mapping', () => {
  it('ad accounts: status, reason, money in major units, currency, my role, users; detail fields only once read', () => {
    const a = {
      id: 'act_1', account_id: '1', name: 'Blue', account_status: 2, disable_reason: 1, currency: 'USD', amount_spent: '12345', spend_cap: '50000', balance: '0',
      ownerrole: 1001, users: { data: [{ id: '5', name: 'Ann', role: 1001 }] }, detailsLoaded: true,
    } as AdAccount;
    expect(adaccountSnapshot(a)).toEqual({
      id: 'act_1', name: 'Blue', status: 2, disableReason: 1, currency: 'USD', amountSpent: 123.45, spendCap: 500, balance: 0, myRole: 1001,
      users: [{ id: '5', name: 'Ann', role: '1001' }],
    });
    expect(adaccountSnapshot({ ...a, spend_cap: '0' })!.spendCap).toBeNull();
    expect(adaccountSnapshot({ ...a, ownerrole: 0 })!.myRole).toBe('throughBusiness');
    // the list entry before its detail batch: no money, no reason (the server keeps their last value)
    expect(adaccountSnapshot({ id: 'act_2', account_id: '2', name: 'B', account_status: 1, detailsLoaded: false } as AdAccount)).toEqual({ id: 'act_2', name: 'B', status: 1 });
  });

  it('businesses: restriction, verification, type, partners; people only when the list has them all with roles', () => {
    const b = {
      id: '77', name: 'BM', isRestricted: 'true', verification_status: 'verified', bmtype: 'BM5',
      partner_relationships: { data: [{ id: '88', name: 'Agency', relationship: 'AGENCY' }] },
      business_users: { data: [{ id: '1' }], summary: { total_count: 4 } },
    } as Business;
    expect(businessSnapshot(b)).toEqual({ id: '77', name: 'BM', restriction: true, verification: 'verified', type: 'BM5', partners: [{ id: '88', name: 'Agency', role: 'AGENCY' }] });
    const full = { ...b, isRestricted: '', bmtype: '', business_users: { data: [{ id: '1', name: 'A', role: 'ADMIN' }, { id: '2', name: 'E', role: 'EMPLOYEE' }], summary: { total_count: 2 } } } as Business;
    expect(businessSnapshot(full)).toEqual({
      id: '77', name: 'BM', verification: 'verified', partners: [{ id: '88', name: 'Agency', role: 'AGENCY' }],
      admins: [{ id: '1', name: 'A', role: 'ADMIN' }], people: [{ id: '2', name: 'E', role: 'EMPLOYEE' }],
    });
  });

  it('pages: published, and roles once a check read them; pixels: the accounts they are shared with and their people, only once a check read them (a list row sends its name only)', () => {
    expect(pageSnapshot({ id: '9', name: 'P', is_published: false })).toEqual({ id: '9', name: 'P', published: false });
    expect(pageSnapshot({ id: '9', name: 'P' })).toEqual({ id: '9', name: 'P' });
    // a named role by its tasks; another task set as its tasks, sorted; no tasks: the platform's role
    expect(pageSnapshot({ id: '9', name: 'P', roles: [
      { id: '1', name: 'Ann', tasks: ['ADVERTISE', 'ANALYZE'], role: 'Advertiser' }, { id: '2', name: '', tasks: ['MESSAGING', 'ADVERTISE'] }, { id: '3', name: 'Cy', tasks: [], role: 'Admin' },
    ] })).toEqual({ id: '9', name: 'P', roles: [{ id: '1', name: 'Ann', role: 'ads' }, { id: '2', role: 'ADVERTISE,MESSAGING' }, { id: '3', name: 'Cy', role: 'Admin' }] });
    expect(pixelSnapshot({ id: '3', name: 'Px' } as never)).toEqual({ id: '3', name: 'Px' });
    expect(pixel.manifest.watch?.fields).toEqual(['sharedAccounts', 'admins']);
    expect(pixelSnapshot({ id: '3', name: 'Px', shared_accounts: [{ account_id: '77', name: 'Seven' }, { account_id: '78', name: '' }] } as never))
      .toEqual({ id: '3', name: 'Px', sharedAccounts: [{ id: 'act_77', name: 'Seven' }, { id: 'act_78' }] });
    expect(pixelSnapshot({ id: '3', name: 'Px', admins: [{ id: '5', name: 'Bo', tasks: ['EDIT', 'ANALYZE'] }, { id: '6', name: '', tasks: [] }] } as never))
      .toEqual({ id: '3', name: 'Px', admins: [{ id: '5', name: 'Bo', role: 'ANALYZE,EDIT' }, { id: '6' }] });
  });
});

interface Row { id: string; name: string; status: number }

function probePlugin(load: () => Promise<Row[]>) {
  function Screen() {
    const list = useAreaList<Row>({ cacheKey: 'watchprobe:list', load, rowType: 'adaccount', getId: (r) => r.id, sourceId: 'route:/watchprobe/index' });
    return (
      <div data-testid="probe">
        <span className="count">{list.rows.length}</span>
        <button type="button" onClick={() => list.reload()}>reload</button>
      </div>
    );
  }
  return definePlugin({
    id: 'watchprobe', titleKey: 'title', icon: 'cube', order: 1, rowTypes: ['adaccount'],
    routes: [{ name: 'index', path: '/watchprobe/index', titleKey: 'title' }],
    watch: { type: 'adaccount', fields: ['status'] },
  }, {
    routes: { index: async () => ({ default: Screen }) },
    watch: async () => ({ toSnapshot: (r: Row) => ({ id: r.id, name: r.name, status: r.status, ignored: 'never sent' }) }),
    locales: { 'zh-CN': { title: '测试' }, 'en-US': { title: 'Test' } },
  });
}

describe('a list load sends its changed rows to the watch', () => {
  beforeEach(() => { window.localStorage.clear(); });
  afterEach(() => { cleanup(); window.localStorage.clear(); });

  it('the first load sends every row (declared fields only); a reload sends only the row that changed', async () => {
    let rows: Row[] = [{ id: 'act_1', name: 'A', status: 1 }, { id: 'act_2', name: 'B', status: 1 }];
    const sent: WatchSnapshotBody[] = [];
    await renderWithKernel({
      plugins: [probePlugin(async () => rows)], route: '/watchprobe/index', locale: 'en-US',
      answer: (path, init) => {
        if (path !== '/api/watch/snapshots') return undefined;
        sent.push(JSON.parse(String(init?.body)) as WatchSnapshotBody);
        return { objects: 2, added: 0, changes: 0 };
      },
    });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ type: 'adaccount', rows: [{ id: 'act_1', name: 'A', status: 1 }, { id: 'act_2', name: 'B', status: 1 }] });
    // the record is the signed-in user's own
    expect(window.localStorage.getItem('tessera-watch:1')).toContain('"adaccount"');

    rows = [{ id: 'act_1', name: 'A', status: 1 }, { id: 'act_2', name: 'B', status: 2 }];
    act(() => screen.getByText('reload').click());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].rows).toEqual([{ id: 'act_2', name: 'B', status: 2 }]);
  });

  it('a list the cache serves sends nothing: its rows may be older than what a scheduled check sent since', async () => {
    let reads = 0;
    const sent: WatchSnapshotBody[] = [];
    const answer = (path: string, init?: RequestInit) => {
      if (path !== '/api/watch/snapshots') return undefined;
      sent.push(JSON.parse(String(init?.body)) as WatchSnapshotBody);
      return { objects: 1, added: 0, changes: 0 };
    };
    const plugin = probePlugin(async () => { reads += 1; return [{ id: 'act_1', name: 'A', status: reads }]; });
    const first = await renderWithKernel({ plugins: [plugin], route: '/watchprobe/index', locale: 'en-US', answer });
    await waitFor(() => expect(sent).toHaveLength(1));
    // meanwhile a scheduled check sent the account as it is now (disabled): the record says so
    const key = 'tessera-watch:1';
    const stored = JSON.parse(window.localStorage.getItem(key)!) as { v: { prints: Record<string, Record<string, string>> } };
    stored.v.prints.adaccount!.act_1 = fingerprint({ id: 'act_1', name: 'A', status: 2 });
    window.localStorage.setItem(key, JSON.stringify(stored));
    // the same list opened again (another screen, a reload of the page): served from the 12-hour cache, older
    first.unmount();
    const again = await renderWithKernel({ plugins: [plugin], route: '/watchprobe/index', locale: 'en-US', answer, store: first.store });
    await waitFor(() => expect(again.container.querySelector('.count')?.textContent).toBe('1'));
    await new Promise((r) => setTimeout(r, 400)); // past the sender's 200 ms gathering
    expect(reads).toBe(1);
    expect(sent).toHaveLength(1);
  });
});

const CHANGES: WatchChange[] = [
  { at: '2026-11-28T10:05:00Z', object: { type: 'business', id: '77', name: 'Blue <b>BM</b>' }, field: 'admins', from: null, to: { id: '900', name: 'Stranger', role: 'ADMIN' }, by: 'outside' },
  { at: '2026-11-28T10:00:00Z', object: { type: 'adaccount', id: 'act_1', name: 'Blue Harbor US' }, field: 'status', from: 1, to: 2, by: 'outside' },
  { at: '2026-11-28T09:00:00Z', object: { type: 'adaccount', id: 'act_1', name: 'Blue Harbor US' }, field: 'spendCap', from: 500, to: 750, by: 'job:job-42' },
  { at: '2026-11-28T08:00:00Z', object: { type: 'page', id: '9', name: 'Tea' }, field: 'published', from: true, to: false, by: 'outside' },
];

describe('the change feed and the timeline', () => {
  afterEach(() => cleanup());

  it('words each change (fields, codes, who), links the object to its list, shows an admin added from outside in red, and never renders platform text as HTML', async () => {
    const Feed = () => <WatchFeed />;
    await renderWithKernel({
      plugins: [adaccount, bm, page, pixel, watchPlugin, { id: 'feedhost', routes: [{ path: '/feedhost/index', component: async () => ({ default: Feed }) }] }],
      route: '/feedhost/index', locale: 'en-US', user: { role: 'user', name: 'Operator Ann' },
      answer: (path) => (path === '/api/watch/changes' ? CHANGES : undefined),
    });
    await screen.findByText('Stranger (900), Admin added', {}, { timeout: 5000 });
    const feed = document.querySelector('[data-watch-feed]') as HTMLElement;
    const rows = within(feed).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const [admin, status, cap, published] = rows.map((r) => r.textContent ?? '');
    expect(admin).toContain('Business');
    expect(admin).toContain('Admins');
    expect(admin).toContain('Stranger (900), Admin added');
    expect(status).toContain('Ad account');
    expect(status).toContain('Status');
    expect(status).toContain('Active → Disabled');
    expect(cap).toContain('Spend cap');
    expect(cap).toContain('500 → 750');
    expect(cap).toContain('Tessera job job-42 by Operator Ann');
    expect(published).toContain('Published → Unpublished');
    // from outside: in red only where a person or partner was added
    const danger = rows[0].querySelector('[data-watch-by="outside-danger"]') as HTMLElement;
    expect(danger.textContent).toBe('From outside');
    expect(danger.className).toContain('intent-danger');
    expect(rows[1].querySelector('[data-watch-by="outside"]')!.textContent).toBe('From outside');
    expect(rows[1].querySelector('[data-watch-by="outside-danger"]')).toBeNull();
    // the object leads to its area's list filtered on it
    expect(rows[1].querySelector('a')!.getAttribute('href')).toBe('/adaccount/index?q=1');
    // the platform's text is text
    expect(rows[0].textContent).toContain('Blue <b>BM</b>');
    expect(rows[0].querySelector('b')).toBeNull();
  });

  it('a detail panel\'s timeline asks for its object\'s changes and shows them without the object column', async () => {
    const asked: string[] = [];
    const Panel = () => <WatchTimeline type="adaccount" id="act_1" />;
    await renderWithKernel({
      plugins: [adaccount, { id: 'panelhost', routes: [{ path: '/panelhost/index', component: async () => ({ default: Panel }) }] }],
      route: '/panelhost/index', locale: 'zh-CN',
      answer: (path) => {
        if (path !== '/api/watch/changes') return undefined;
        asked.push(path);
        return CHANGES.filter((c) => c.object.id === 'act_1');
      },
    });
    const timeline = await waitFor(() => {
      const el = document.querySelector('[data-watch-timeline="adaccount:act_1"] table');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(within(timeline).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['时间', '项目', '变动', '由谁']);
    const rows = within(timeline).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('来自外部');
    expect(rows[1].textContent).toContain('Tessera 任务 job-42');
    expect(asked.length).toBeGreaterThan(0);
  });
});
