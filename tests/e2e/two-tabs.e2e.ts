// One tab runs the jobs (docs/DECISIONS.md): two tabs of one browser, one user. A job started in the
// follower tab runs in the leader tab only; when the leader closes mid-job the other tab takes over,
// settles what was in flight and finishes: every item written exactly once.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { launchBrowser } from './browser';
import { confirmJob, prepareOperator, sandboxClient } from './fixtures';

const baseUrl = inject('baseUrl');
const sandbox = sandboxClient(baseUrl);
/** A user with no role on any account (the sandbox's last user). */
const NEW_USER = '61550000000060';
/** Matches the ids act_120200000000100 … act_120200000000199 of the small sandbox. */
const SEARCH = '1202000000001';
const PACE = 0.25;
let browser: Awaited<ReturnType<typeof launchBrowser>>;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

interface Write { tab: 'leader' | 'follower'; at: number }

describe('two tabs of one user', () => {
  it('a job started in the follower runs in the leader only, and the other tab finishes it when the leader closes: every item written once', async () => {
    await sandbox.reset();
    // Time flows as usual; after the takeover it is moved past the deadline of the writes the closed tab
    // left in flight (the journal cannot tell yet whether they will land, so the runner waits it out).
    await browser.context.clock.install();
    const leader = browser.context.pages()[0] ?? (await browser.context.newPage());
    await prepareOperator(leader, { pace: PACE });

    // The second tab shares the session; the first holds the runner's lock.
    const follower = await browser.context.newPage();
    const writes: Write[] = [];
    let outcomeAsked = 0;
    browser.context.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/__graph/__sandbox/outcome/')) outcomeAsked += 1;
      if (request.method() !== 'POST' || !url.pathname.startsWith('/__graph/') || !url.pathname.endsWith('/users')) return;
      writes.push({ tab: request.frame().page() === follower ? 'follower' : 'leader', at: Date.now() });
    });
    await follower.goto(`${baseUrl}/adaccount/index`);
    await follower.locator('.tessera-layout').waitFor();
    expect(await leaderOf(leader)).toBe(true);
    expect(await leaderOf(follower)).toBe(false);

    await follower.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    await follower.getByLabel('Search', { exact: true }).fill(SEARCH);
    await expect.poll(() => follower.locator('[data-row-id]').first().getAttribute('data-row-id')).toMatch(/^act_1202000000001\d\d$/);
    await follower.getByLabel('Select all rows in the current view').check({ force: true });
    const selected = Number((await follower.getByText(/^Selected: \d+/).textContent())!.replace(/\D/g, ''));
    expect(selected).toBe(100);

    await follower.getByTestId('adaccount-actions').click();
    await follower.locator('[data-action-id="adaccount.addUser"]').click();
    await follower.locator('#param-uid').fill(NEW_USER);
    await follower.locator('#param-role').selectOption('1002');
    await confirmJob(follower);
    await follower.getByRole('button', { name: 'Start' }).click();
    await follower.getByTestId('jobs-button').click();
    const job = follower.locator('[data-job-status]').first();
    // The follower shows the leader's job live.
    await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 15_000 }).toBe('running');

    // Part of the job runs, in the leader only; then the leader tab closes.
    await expect.poll(() => writes.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(30);
    await leader.close();
    const beforeTakeover = writes.length;
    const leaderWrites = writes.filter((w) => w.tab === 'leader');
    expect(writes.filter((w) => w.tab === 'follower')).toEqual([]);

    await expect.poll(() => leaderOf(follower), { timeout: 10_000 }).toBe(true);
    // Each time the new leader asks the journal about a write left in flight, time moves past its deadline.
    let forwarded = 0;
    await expect.poll(async () => {
      if (outcomeAsked > forwarded) {
        forwarded = outcomeAsked;
        await follower.waitForTimeout(300);
        await follower.clock.fastForward('01:40');
      }
      return job.getAttribute('data-job-status');
    }, { timeout: 30_000 }).toBe('done');

    const calls = await sandbox.calls();
    const written = Object.entries(calls.writesByObject).filter(([key]) => /1202000000001\d\d/.test(key));
    const duplicates = written.filter(([, n]) => n !== 1);
    // The tab that took over saved the finished job (its autosave may trail the screen by a moment).
    await expect.poll(async () => Object.entries(await jobItemStates(follower)).filter(([state]) => state !== 'pending' && state !== 'inflight').reduce((n, [, c]) => n + c, 0)).toBe(selected);
    const states = await jobItemStates(follower);
    const done = states.done ?? 0;
    const failed = states.failed ?? 0;
    const unknown = states.unknown ?? 0;
    const rate = (leaderWrites.length - 1) / ((leaderWrites.at(-1)!.at - leaderWrites[0].at) / 1000);
    console.log(`two tabs: ${selected} items, ${written.length} written (the platform refused ${failed}), ${duplicates.length} duplicates, ${selected - done - failed} lost; `
      + `${beforeTakeover} writes before the leader closed (all from the leader tab) at ${rate.toFixed(1)} calls/s `
      + `(one tab's graph-write lane at pace ${PACE}: concurrency 2, a start every ${300 * PACE} ms, at most ${(1000 / (300 * PACE)).toFixed(1)}/s); `
      + `${writes.length - beforeTakeover} writes after the takeover, from the other tab, which asked the journal about ${outcomeAsked} write(s) left in flight`);
    expect(duplicates).toEqual([]);
    expect(unknown).toBe(0);
    expect(done + failed).toBe(selected);
    expect(written).toHaveLength(done);
    // After the takeover the remaining writes come from the tab that is left.
    expect(writes.slice(beforeTakeover).every((w) => w.tab === 'follower')).toBe(true);
  });

  it('a page deletion started in the follower: the password re-check leaves the follower, the deletion the leader, and no channel message, storage write or log line holds the password', async () => {
    const own = await launchBrowser();
    try {
      await sandbox.reset();
      const victim = (await sandbox.graph<{ data: { id: string }[] }>('/v19.0/me/accounts?fields=id&limit=200')).data[3]!.id;
      // Every tab records what it posts on a BroadcastChannel, writes to localStorage, sessionStorage or
      // IndexedDB, before the page's own code runs.
      await own.context.addInitScript(recordLeaks);
      const leader = own.context.pages()[0] ?? (await own.context.newPage());
      await prepareOperator(leader, { pace: 0.05 });
      const follower = await own.context.newPage();
      const logged: string[] = [];
      const carried: { tab: 'leader' | 'follower'; url: string }[] = [];
      const deletions: ('leader' | 'follower')[] = [];
      for (const [tab, page] of [['leader', leader], ['follower', follower]] as const) {
        page.on('console', (m) => logged.push(`${tab}: ${m.text()}`));
        page.on('request', (r) => {
          const body = r.postData() ?? '';
          if (body.includes(PAGE_PASSWORD)) carried.push({ tab, url: r.url() });
          // platform calls only: the product's own API (the watch's snapshots of the loaded list) names the page too
          if (r.method() === 'POST' && !new URL(r.url()).pathname.startsWith('/api/') && decodeURIComponent(body).includes(victim)) deletions.push(tab);
        });
      }
      await follower.goto(`${baseUrl}/page/index`);
      const root = follower.getByTestId('page-index');
      await root.locator('[data-list-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
      expect(await leaderOf(leader)).toBe(true);
      expect(await leaderOf(follower)).toBe(false);

      await root.locator(`[data-row-id="${victim}"] input[type=checkbox]`).check({ force: true });
      // Renaming sends the password with every page: this tab, which does not run the jobs, refuses it.
      await root.getByTestId('page-actions').click();
      await follower.locator('[data-action-id="page.rename"]').click();
      await follower.getByRole('dialog').locator('#param-name').fill('Renamed');
      await follower.getByRole('dialog').locator('#param-password').fill(PAGE_PASSWORD);
      await confirmJob(follower.getByRole('dialog'));
      await follower.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
      await expect.poll(() => follower.getByTestId('action-refusal').textContent()).toContain('can only start in the tab that runs your jobs');
      await follower.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await follower.getByRole('dialog').waitFor({ state: 'detached' });
      await root.getByTestId('page-actions').click();
      await follower.locator('[data-action-id="page.deletePage"]').click();
      await follower.getByRole('dialog').locator('#param-password').fill(PAGE_PASSWORD);
      await confirmJob(follower.getByRole('dialog'));
      await follower.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
      await follower.getByTestId('jobs-button').click();
      const job = follower.locator('[data-job-status]').first();
      await expect.poll(() => job.getAttribute('data-job-status'), { timeout: 30_000 }).toBe('done');
      expect((await sandbox.object<{ deleted?: boolean }>('page', victim)).deleted).toBe(true);
      // The re-check was sent by the tab the password was typed in, and by nothing else.
      expect(carried.map((c) => c.tab)).toEqual(['follower']);
      // The writes naming the page were sent by the leader alone.
      expect(deletions.length).toBeGreaterThan(0);
      expect(deletions.filter((tab) => tab !== 'leader')).toEqual([]);
      // The refused rename never became a job.
      expect(await follower.locator('[data-job-status]').count()).toBe(1);

      const seen = [...(await leaked(leader)), ...(await leaked(follower))];
      expect(seen.length).toBeGreaterThan(0); // the recording worked: the tabs did talk and save
      expect(seen.filter((s) => s.includes(PAGE_PASSWORD))).toEqual([]);
      expect(logged.filter((s) => s.includes(PAGE_PASSWORD))).toEqual([]);
      for (const page of [leader, follower]) expect(await savedDatabases(page)).not.toContain(PAGE_PASSWORD);
    } finally {
      await own.close();
    }
  }, 120_000);
});

/** The small sandbox's platform password (the re-check's). */
const PAGE_PASSWORD = 'sandbox-password';

/** Runs in every page before its code: keeps a JSON copy of each channel message and storage write. */
function recordLeaks(): void {
  const seen: string[] = [];
  (window as unknown as { __leaks: string[] }).__leaks = seen;
  const keep = (what: string, value: unknown) => {
    try { seen.push(`${what} ${JSON.stringify(value)}`); } catch { seen.push(`${what} ${String(value)}`); }
  };
  const post = BroadcastChannel.prototype.postMessage;
  BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) { keep(`channel ${this.name}`, message); return post.call(this, message); };
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) { keep(`storage ${key}`, value); return setItem.call(this, key, value); };
  for (const method of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) { keep(`indexeddb ${this.name}`, value); return original.call(this, value, key); };
  }
}

async function leaked(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __leaks: string[] }).__leaks);
}

/** Everything this origin's IndexedDB databases hold, as text. */
async function savedDatabases(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open(info.name!);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve) => {
          const r = db.transaction([name], 'readonly').objectStore(name).getAll();
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => resolve([]);
        });
        out.push(JSON.stringify(rows));
      }
      db.close();
    }
    return out.join('\n');
  });
}

/** Whether this tab holds the runner's lock: a tab that holds it sees it held by itself only through a request that waits. */
async function leaderOf(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const uid = JSON.parse(localStorage.getItem('uid') ?? '{}').v as string;
    const state = await navigator.locks.query();
    const held = state.held?.find((l) => l.name === `tessera:runner:${uid}`);
    return !!held && held.clientId === (await clientIdOfThisTab());

    async function clientIdOfThisTab(): Promise<string | undefined> {
      // A lock taken by this tab alone shows this tab's client id.
      const probe = `tessera:probe:${Math.random()}`;
      return navigator.locks.request(probe, async () => (await navigator.locks.query()).held?.find((l) => l.name === probe)?.clientId);
    }
  });
}

/** The job's item states as the tab that finished it saved them (its IndexedDB store). */
async function jobItemStates(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const uid = JSON.parse(localStorage.getItem('uid') ?? '{}').v as string;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open(`tessera-user-${uid}`);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const rows = await new Promise<{ k: string; v: Record<string, { state: string }> }[]>((resolve) => {
      const r = db.transaction(['t'], 'readonly').objectStore('t').getAll();
      r.onsuccess = () => resolve(r.result);
    });
    db.close();
    const counts: Record<string, number> = {};
    for (const item of Object.values(rows.find((row) => row.k === 'items')?.v ?? {})) counts[item.state] = (counts[item.state] ?? 0) + 1;
    return counts;
  });
}
