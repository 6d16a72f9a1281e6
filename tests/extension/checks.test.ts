// The watch's scheduled checks in the extension (extension/src/lib/checks.ts, lib/product-tabs.ts and
// the executor's routing of the two page messages), with fakes for chrome.alarms, chrome.tabs and storage.
import { describe, expect, it } from 'vitest';
import { CHECKS_BACKGROUND_PATH } from '../../protocol';
import { openInBackground, type WindowSeen } from '../../extension/src/lib/background-tab';
import { alarmName, createCheckScheduler, OPENED_KEY, SCHEDULE_KEY, type CheckDeps } from '../../extension/src/lib/checks';
import { createExecutor } from '../../extension/src/lib/executor';
import { createProductTabs } from '../../extension/src/lib/product-tabs';
import { fakeFetch, fakeJournal, fakeSession, fakeStorage, page } from './fakes';

const APP = 'https://app.example.com';
const OTHER = 'https://other.example';
const AT = Date.UTC(2026, 10, 28, 18, 0, 0);

/** A browser: alarms by name, tabs by id (with the origin each shows), the tabs the extension opened. */
function fakeBrowser(over: Partial<CheckDeps> = {}) {
  const local = fakeStorage();
  const session = fakeStorage();
  const alarms = new Map<string, number>();
  const tabs = new Map<number, string>(); // id → origin shown
  const opened: { url: string; id: number }[] = [];
  const closed: number[] = [];
  let nextId = 100;
  const deps: CheckDeps = {
    local: local.storage,
    session: session.storage,
    alarms: {
      create: async (name, when) => { alarms.set(name, when); },
      clear: async (name) => { alarms.delete(name); },
      exists: async (name) => alarms.has(name),
    },
    productTabOpen: async (origin) => [...tabs.values()].includes(origin),
    tabExists: async (id) => tabs.has(id),
    openInBackground: async (url) => {
      const id = nextId++;
      tabs.set(id, new URL(url).origin);
      opened.push({ url, id });
      return id;
    },
    closeTab: async (id) => { closed.push(id); tabs.delete(id); },
    isProductOrigin: (o) => o === APP || o === OTHER,
    ...over,
  };
  const checks = createCheckScheduler(deps);
  return { checks, alarms, tabs, opened, closed, local: local.data, session: session.data };
}

describe('the schedule', () => {
  it('is stored per product origin and sets one alarm per origin at nextAt; a new time replaces the alarm; null clears both', async () => {
    const b = fakeBrowser();
    await b.checks.schedule(APP, AT);
    await b.checks.schedule(OTHER, AT + 5_000);
    expect(b.local.get(SCHEDULE_KEY)).toEqual({ [APP]: AT, [OTHER]: AT + 5_000 });
    expect([...b.alarms]).toEqual([[alarmName(APP), AT], [alarmName(OTHER), AT + 5_000]]);
    expect(alarmName(APP)).toBe('tessera-checks|https://app.example.com');

    await b.checks.schedule(APP, AT + 60_000);
    expect(b.alarms.get(alarmName(APP))).toBe(AT + 60_000);
    expect(b.alarms.size).toBe(2);

    await b.checks.schedule(APP, null);
    expect(b.local.get(SCHEDULE_KEY)).toEqual({ [OTHER]: AT + 5_000 });
    expect(b.alarms.has(alarmName(APP))).toBe(false);
    expect(b.alarms.has(alarmName(OTHER))).toBe(true);
  });

  it('concurrent schedules of two origins both land (storage changes one at a time)', async () => {
    const b = fakeBrowser();
    await Promise.all([b.checks.schedule(APP, AT), b.checks.schedule(OTHER, AT + 1)]);
    expect(b.local.get(SCHEDULE_KEY)).toEqual({ [APP]: AT, [OTHER]: AT + 1 });
  });

  it('a hostile or invalid nextAt, or a foreign origin, changes nothing', async () => {
    const b = fakeBrowser();
    await b.checks.schedule(APP, AT);
    for (const bad of [1.5, -1, 0, AT + 0.5, Number.NaN, Number.POSITIVE_INFINITY, 8e12, 946_684_800_000]) await b.checks.schedule(APP, bad);
    await b.checks.schedule('https://evil.example', AT);
    expect(b.local.get(SCHEDULE_KEY)).toEqual({ [APP]: AT });
    expect([...b.alarms]).toEqual([[alarmName(APP), AT]]);
  });
});

describe('when the alarm rings', () => {
  it('with a tab of that origin open: opens nothing (the open tab\'s leader runs the checks); the used-up schedule is dropped', async () => {
    const b = fakeBrowser();
    b.tabs.set(1, APP);
    await b.checks.schedule(APP, AT);
    expect(await b.checks.ring(alarmName(APP))).toBe('tab-open');
    expect(b.opened).toEqual([]);
    expect(b.local.get(SCHEDULE_KEY)).toEqual({});
  });

  it('with none open (another site\'s tab aside): opens one tab in the background at the origin\'s checks path, and no second while it is open', async () => {
    const b = fakeBrowser();
    b.tabs.set(1, 'https://news.example');
    b.tabs.set(2, OTHER);
    await b.checks.schedule(APP, AT);
    expect(await b.checks.ring(alarmName(APP))).toBe('opened');
    expect(b.opened).toEqual([{ url: `${APP}${CHECKS_BACKGROUND_PATH}`, id: 100 }]);
    expect(b.opened[0]!.url).toBe('https://app.example.com/dashboard/index?checks=background');
    expect(b.session.get(OPENED_KEY)).toEqual({ [APP]: 100 });

    // It rings again before the opened tab has finished: still one tab.
    await b.checks.schedule(APP, AT + 1_000);
    expect(await b.checks.ring(alarmName(APP))).toBe('already-opened');
    expect(b.opened).toHaveLength(1);
  });

  it('once the opened tab is gone (closed by the operator), a later ring opens a new one', async () => {
    const b = fakeBrowser();
    await b.checks.ring(alarmName(APP));
    b.tabs.delete(100);
    expect(await b.checks.ring(alarmName(APP))).toBe('opened');
    expect(b.session.get(OPENED_KEY)).toEqual({ [APP]: 101 });
    expect(b.opened.map((o) => o.id)).toEqual([100, 101]);
  });

  it('an alarm that is not ours, or for an origin the build does not run on, opens nothing', async () => {
    const b = fakeBrowser();
    expect(await b.checks.ring('something-else')).toBe('not-ours');
    expect(await b.checks.ring(alarmName('https://evil.example'))).toBe('not-ours');
    expect(await b.checks.ring('tessera-checks|')).toBe('not-ours');
    expect(b.opened).toEqual([]);
  });

  it('a tab that cannot be opened is reported, not remembered', async () => {
    const b = fakeBrowser({ openInBackground: async () => { throw new Error('no window'); } });
    expect(await b.checks.ring(alarmName(APP))).toBe('failed');
    expect(b.session.get(OPENED_KEY)).toBeUndefined();
  });
});

describe('watchDone', () => {
  it('from the tab the extension opened closes it; from any other tab (same origin or not) closes nothing', async () => {
    const b = fakeBrowser();
    b.tabs.set(1, 'https://news.example');
    await b.checks.ring(alarmName(APP));
    b.tabs.set(7, APP); // the operator opened the app meanwhile
    expect(await b.checks.done(APP, 7)).toBe(false);
    expect(await b.checks.done(OTHER, 100)).toBe(false); // the right id under another origin's name
    expect(await b.checks.done(APP, null)).toBe(false);
    expect(b.closed).toEqual([]);
    expect(await b.checks.done(APP, 100)).toBe(true);
    expect(b.closed).toEqual([100]);
    expect(b.session.get(OPENED_KEY)).toEqual({});
    expect(await b.checks.done(APP, 100)).toBe(false); // once
    expect(b.closed).toEqual([100]);
  });
});

describe('restore at worker start', () => {
  it('sets again an alarm Chromium dropped (kept in storage), leaves existing ones, skips foreign or broken entries', async () => {
    const b = fakeBrowser();
    b.local.set(SCHEDULE_KEY, { [APP]: AT, [OTHER]: AT + 9, 'https://evil.example': AT, [`${APP}:8443`]: 'soon' });
    b.alarms.set(alarmName(OTHER), AT + 1);
    await b.checks.restore();
    expect(Object.fromEntries(b.alarms)).toEqual({ [alarmName(APP)]: AT, [alarmName(OTHER)]: AT + 1 });
  });
});

describe('which product tabs are open', () => {
  it('a tab with an open bridge port counts without asking anyone; after its port closes the content scripts are asked', async () => {
    const asked: number[] = [];
    const answers = new Map<number, string>([[3, OTHER], [4, APP]]);
    const tabs = createProductTabs({
      tabIds: async () => [1, 2, 3, 4],
      ask: async (id) => { asked.push(id); if (id === 2) throw new Error('no receiver'); return answers.has(id) ? { origin: answers.get(id)! } : null; },
    });
    const port = {};
    tabs.connected(port, APP);
    expect(await tabs.isOpen(APP)).toBe(true);
    expect(asked).toEqual([]);
    tabs.disconnected(port);
    expect(await tabs.isOpen(APP)).toBe(true); // tab 4's content script answers (a restarted worker holds no port)
    answers.delete(4);
    expect(await tabs.isOpen(APP)).toBe(false);
    expect(await tabs.isOpen(OTHER)).toBe(true);
  });

  it('a navigating tab: the old port\'s late disconnect does not forget the new one', async () => {
    const tabs = createProductTabs({ tabIds: async () => [], ask: async () => null });
    const before = {};
    const after = {};
    tabs.connected(before, APP);
    tabs.connected(after, APP);
    tabs.disconnected(before);
    expect(await tabs.isOpen(APP)).toBe(true);
    tabs.disconnected(after);
    expect(await tabs.isOpen(APP)).toBe(false);
  });
});

describe('the executor routes the two messages', () => {
  it('schedule and done go to the checks with the sender\'s origin and tab, with no reply; without an origin nothing happens', async () => {
    const calls: unknown[][] = [];
    const ex = createExecutor({
      flavour: 'production', version: '1.6.0', fetch: fakeFetch().fetch, session: fakeSession().session, journal: fakeJournal().journal,
      checks: { schedule: async (...a) => { calls.push(['schedule', ...a]); }, done: async (...a) => { calls.push(['done', ...a]); } },
    });
    expect(await ex.handle(page({ type: 'tessera:watchSchedule', nextAt: AT }), APP, 5)).toBeNull();
    expect(await ex.handle(page({ type: 'tessera:watchSchedule', nextAt: null }), APP, 5)).toBeNull();
    expect(await ex.handle(page({ type: 'tessera:watchSchedule', nextAt: 12.5 }), APP, 5)).toBeNull();
    expect(await ex.handle(page({ type: 'tessera:watchDone' }), APP, 5)).toBeNull();
    expect(await ex.handle(page({ type: 'tessera:watchDone' }), null, 5)).toBeNull();
    expect(calls).toEqual([['schedule', APP, AT], ['schedule', APP, null], ['done', APP, 5]]);
  });
});

describe('opening without taking focus', () => {
  function windowsOf(list: WindowSeen[]) {
    const calls: [string, unknown][] = [];
    const deps = {
      normalWindows: async () => list,
      createTab: async (o: object) => { calls.push(['tab', o]); return { id: 41 }; },
      createWindow: async (o: object) => { calls.push(['window', o]); return { tabs: [{ id: 42 }] }; },
    };
    return { deps, calls };
  }
  const url = `${APP}${CHECKS_BACKGROUND_PATH}`;

  it('an inactive tab in the focused normal window, else in another normal one; never an incognito one', async () => {
    const a = windowsOf([{ id: 1, focused: false, incognito: false }, { id: 2, focused: true, incognito: false }]);
    expect(await openInBackground(url, a.deps)).toBe(41);
    expect(a.calls).toEqual([['tab', { url, active: false, windowId: 2 }]]);
    const b = windowsOf([{ id: 3, focused: true, incognito: true }, { id: 4, focused: false, incognito: false }]);
    await openInBackground(url, b.deps);
    expect(b.calls).toEqual([['tab', { url, active: false, windowId: 4 }]]);
  });

  it('with no window (or only incognito ones): a new window, minimized and unfocused', async () => {
    for (const list of [[], [{ id: 5, focused: true, incognito: true }]]) {
      const w = windowsOf(list);
      expect(await openInBackground(url, w.deps)).toBe(42);
      expect(w.calls).toEqual([['window', { url, focused: false, state: 'minimized' }]]);
    }
  });
});
