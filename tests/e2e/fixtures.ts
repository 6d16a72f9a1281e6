// The browser tests' shared plumbing: a client of the sandbox's test endpoints (S/__sandbox/…, served
// by the product at /__graph in demo mode) and the sign-in of an operator, so each test file says what
// it tests and not how to reset the sandbox or log in.
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import type { Fixtures } from '../../sandbox';
import type { CallCounters, Faults, FaultsPatch, RecentCall, Session } from '../../sandbox/state';
import { DEMO_ADMIN_PASSWORD, DEMO_PASSWORD, loginAs } from './browser';

export type { Fixtures } from '../../sandbox';

/** What `GET S/__sandbox/calls` answers: the counters since the last reset or clear, and the recent calls. */
export interface SandboxCalls extends CallCounters { recent: RecentCall[] }

/** What `POST S/__sandbox/reset` answers. */
export interface SandboxSummary {
  seed: string | number;
  scale: 'small' | 'large';
  hostile: boolean;
  counts: Record<string, number>;
  session: Session;
  fixtures: Fixtures;
}

export interface ResetOptions {
  /** default "tessera" */
  seed?: string | number;
  /** default "small" */
  scale?: 'small' | 'large';
  /** left out: the sandbox keeps the data set's current choice (every test that turns it on turns it off again) */
  hostile?: boolean;
  /** fault knobs merged in after the reset */
  faults?: FaultsPatch;
}

export interface SandboxClient {
  /** the sandbox's base (`<product>/__graph`): graph paths go after it */
  readonly base: string;
  /** new data from (seed, scale, hostile); the call counters, the journal and the clock offset start again */
  reset(options?: ResetOptions): Promise<SandboxSummary>;
  /** the data set's named objects (`S/__sandbox/fixtures`) */
  fixtures(): Promise<Fixtures>;
  /** the call counters and the recent calls */
  calls(): Promise<SandboxCalls>;
  /** empties the call counters and the recent calls */
  clearCalls(): Promise<void>;
  /** an object's current state as the sandbox holds it (`S/__sandbox/objects/<type>/<id>`; a 404's `{ error }` as it is) */
  object<T = any>(type: string, id: string): Promise<T>;
  /** merges fault knobs (`expireToken: true` expires the session's token); answers the knobs now in force */
  faults(patch: FaultsPatch): Promise<Faults>;
  /** moves the sandbox's clock ahead */
  advanceClock(seconds: number): Promise<{ now: number }>;
  /** applies world events at once, as if someone outside Tessera acted (`POST S/__sandbox/world`; sandbox/README.md) */
  world(events: { kind: string; [key: string]: unknown }[]): Promise<unknown>;
  /** a graph GET as the sandbox answers it, e.g. `/v19.0/me/accounts?fields=id` */
  graph<T = any>(path: string): Promise<T>;
  /** how the platform changes (`PUT S/__sandbox/switches`: retiredDocs, replyShapes, versions); a reset restores them */
  switches(body: Record<string, unknown>): Promise<void>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A client of the sandbox behind the product at `baseUrl` (default: the browser tests' server). */
export function sandboxClient(baseUrl: string = inject('baseUrl')): SandboxClient {
  const base = `${baseUrl}/__graph`;
  const read = async <T>(path: string, init?: RequestInit): Promise<T> => (await (await fetch(`${base}${path}`, init)).json()) as T;
  /** a test endpoint that changes the sandbox: anything but 200 is the test's plumbing failing, said at once */
  const change = async <T>(method: 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${base}${path}`, { method, headers: body === undefined ? undefined : JSON_HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${base}${path} answered ${r.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    base,
    reset: ({ seed = 'tessera', scale = 'small', hostile, faults } = {}) => change<SandboxSummary>('POST', '/__sandbox/reset', { seed, scale, hostile, faults }),
    fixtures: () => read<Fixtures>('/__sandbox/fixtures'),
    calls: () => read<SandboxCalls>('/__sandbox/calls'),
    clearCalls: async () => { await change('DELETE', '/__sandbox/calls'); },
    object: <T>(type: string, id: string) => read<T>(`/__sandbox/objects/${encodeURIComponent(type)}/${encodeURIComponent(id)}`),
    faults: (patch: FaultsPatch) => change<Faults>('POST', '/__sandbox/faults', patch),
    advanceClock: (seconds: number) => change<{ now: number }>('POST', '/__sandbox/clock', { advanceS: seconds }),
    world: (events) => change('POST', '/__sandbox/world', { events }),
    graph: <T>(path: string) => read<T>(path),
    switches: async (body: Record<string, unknown>) => {
      const r = await fetch(`${base}/__sandbox/switches`, { method: 'PUT', headers: JSON_HEADERS, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`PUT ${base}/__sandbox/switches answered ${r.status}: ${await r.text()}`);
    },
  };
}

export interface OperatorOptions {
  /** the product's base; default the browser tests' server */
  baseUrl?: string;
  /** the interface language (localStorage `arco-locale`); default en-US; null leaves it as it is */
  locale?: 'en-US' | 'zh-CN' | null;
  /** the runner's pace factor (localStorage `tessera-runner`, no auto-resume); left out, the runner's default */
  pace?: number;
  /**
   * the daily platform check (docs/PLATFORM-CHECK.md); default off here, so its background reads do not
   * mix into the calls other tests count (the check before a job still runs)
   */
  dailyCheck?: boolean;
  /** clear the origin's localStorage first (a new operator on this browser); default true */
  clear?: boolean;
  /** default the demo operator */
  email?: string;
  password?: string;
  /** false: only the storage is prepared, on the login page, and nobody signs in yet */
  signIn?: boolean;
}

/**
 * Prepares an operator in this page: opens the login page, clears the origin's storage, sets the
 * language and the runner's pace, and signs in through the real login screen (unless `signIn: false`).
 */
export async function prepareOperator(page: Page, options: OperatorOptions = {}): Promise<void> {
  const { baseUrl = inject('baseUrl'), locale = 'en-US', pace, dailyCheck = false, clear = true, email = 'operator@tessera.test', password = DEMO_PASSWORD, signIn = true } = options;
  await page.goto(`${baseUrl}/login/login`);
  await page.evaluate(({ locale, pace, dailyCheck, clear }) => {
    if (clear) localStorage.clear();
    if (locale) localStorage.setItem('arco-locale', JSON.stringify({ v: locale }));
    localStorage.setItem('tessera-runner', JSON.stringify({ v: { paceFactor: pace ?? 1, autoResume: false, dailyCheck } }));
  }, { locale, pace, dailyCheck, clear });
  if (signIn) await loginAs(page, baseUrl, email, password);
}

/**
 * Confirms a big or irreversible job as an operator would, when the dialog asks for it: types the
 * item count the confirmation states (src/kernel/runner/ConfirmJob.tsx). Returns that count, or null
 * when the job needs no confirmation. Call it with the parameters filled, just before Start.
 */
export async function confirmJob(scope: Pick<Page, 'getByTestId'>): Promise<number | null> {
  const box = scope.getByTestId('confirm-job');
  if (!(await box.count())) return null;
  const count = (await box.getAttribute('data-count'))!;
  await scope.getByTestId('confirm-job-input').fill(count);
  return Number(count);
}

/** Sets the interface language of this page's origin (takes effect at the next load). */
export async function setLocale(page: Page, locale: 'en-US' | 'zh-CN'): Promise<void> {
  await page.evaluate((v) => localStorage.setItem('arco-locale', JSON.stringify({ v })), locale);
}

/** The demo admin sets the Graph API version every call names (`POST /api/admin/platform`, with the password). */
export async function setGraphVersion(graphVersion: string, baseUrl: string = inject('baseUrl')): Promise<void> {
  const login = await fetch(`${baseUrl}/api/user/login`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email: 'admin@tessera.test', password: DEMO_ADMIN_PASSWORD }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const r = await fetch(`${baseUrl}/api/admin/platform`, {
    method: 'POST', headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` }, body: JSON.stringify({ password: DEMO_ADMIN_PASSWORD, graphVersion }),
  });
  const body = (await r.json()) as { status: number; data?: { graphVersion?: string } };
  if (body.status !== 1 || body.data?.graphVersion !== graphVersion) throw new Error(`setting the Graph version ${graphVersion} answered ${JSON.stringify(body)}`);
}

/** The Graph versions a list of sandbox call paths named (`/v24.0/…`), sorted, each once. */
export const versionsNamed = (paths: string[]) => [...new Set(paths.map((p) => /^\/(v\d+\.0)\//.exec(p)?.[1]).filter(Boolean))].sort();

/**
 * What this browser recorded as sent to the watch, by type: each object's fingerprint (the signed-in
 * user's `tessera-watch:<uid>`, src/kernel/list/watch-send.ts).
 */
export function watchSentPrints(page: Page, type: string): Promise<Record<string, string>> {
  return page.evaluate((t) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('tessera-watch:'));
    if (!key) return {} as Record<string, string>;
    const stored = JSON.parse(localStorage.getItem(key)!) as { v: { prints: Record<string, Record<string, string>> } };
    return stored.v.prints[t] ?? {};
  }, type);
}
