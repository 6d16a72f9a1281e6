// The platform check's probes (plugins/*/probes.ts) against the sandbox over HTTP, through the demo
// transport, with the sandbox's default operator (docs/PLUGINS.md, "Telling the platform check about
// your calls"): the whole check as the page runs it (src/kernel/check/service.ts, through the runner's
// background reads, which refuse anything but reads and the family's own query document) finds every
// read and query family "working" and every write "not checkable", and sends no write. Then two broken
// platforms: a list reply that lost a field the area relies on, and a retired Graph version.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, demoCatalogue, sandboxCatalogue, type Sandbox } from './harness';
import { ALLOW_LIST, checkCall } from '../../protocol/allow-list';
import { sandboxDocIds } from '../../sandbox/index';
import { defaultSandboxCatalogue } from '../../sandbox/catalogue';
import { setDocCatalogue } from '../../src/kernel/graph/doc-catalogue';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { createBridge, type Bridge } from '../../src/kernel/bridge/bridge';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import { checkFamilies, type CheckFinding } from '../../src/kernel/check/engine';
import { PlatformCheck } from '../../src/kernel/check/service';
import { BackgroundReads } from '../../src/kernel/runner/background';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { createKernelStore } from '../../src/kernel/store/store';
import type { CallFamily, CallFamilyDeclaration } from '../../src/kernel/plugin/call-families';
import type { BridgeResponse, RequestPayload } from '../../protocol';

/**
 * Every plugin's probes module. The plugins import '@kernel', which only tsconfig.app.json maps: this
 * node-side test loads them at run time through vite's alias (as tests/sandbox/area-harness.ts does).
 */
const PLUGINS = readdirSync(fileURLToPath(new URL('../../plugins', import.meta.url))).filter((id) => existsSync(fileURLToPath(new URL(`../../plugins/${id}/probes.ts`, import.meta.url))));
const loadProbes = async (id: string) => (await import(/* @vite-ignore */ `/plugins/${id}/probes.ts`)) as { default: CallFamilyDeclaration[] };

/** Many probes on the same few objects: budgets lifted so none is rate limited by accident. */
const NO_FAULTS = { latencyMs: 0, jitterMs: 0, errorRate: 0, budget: { perAccount: { points: 100_000 }, perUser: { points: 1_000_000 } } };
const VERSION = 'v19.0';

let sb: Sandbox;
let families: CallFamily[];
let transport: BridgeTransport;
const sent: RequestPayload[] = [];

/** A bridge over the demo transport whose answers pass through `alter` (the platform as a test wants it). */
function bridgeWith(alter?: (payload: RequestPayload, response: BridgeResponse) => BridgeResponse): Bridge {
  return createBridge({
    ...transport,
    request: async (payload, opts) => {
      sent.push(payload);
      const response = await transport.request(payload, opts);
      return alter ? alter(payload, response) : response;
    },
  });
}

type Loader<R = unknown[]> = (bridge: Bridge, o: Record<string, unknown>) => Promise<R>;
/** One of an area's own modules, loaded at run time through vite's alias (see PLUGINS). */
const area = async <T,>(id: string, file: string) => (await import(/* @vite-ignore */ `/plugins/${id}/${file}`)) as T;

/**
 * The runner's background reads over a bridge, as the page has them (src/kernel/runner/background.ts),
 * with no job running and a clock whose waits pass at once: the share's pacing is the runner's own
 * test's business; here what matters is what a background reader lets through.
 */
function backgroundReads(bridge: Bridge): BackgroundReads {
  let now = 0;
  const clock = {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => { now += ms; return setImmediate(fn); },
    clearTimeout: (h: unknown) => clearImmediate(h as NodeJS.Immediate),
  };
  return new BackgroundReads({ clock, pacer: undefined, scopePacers: undefined, deps: { bridge, actions: () => new Map() }, jobStore: { jobs: () => [] } } as never);
}

const check = (only: readonly CallFamily[], bridge: Bridge) => checkFamilies(only, { bridge, cachedRows: () => null, version: VERSION });

beforeAll(async () => {
  families = (await Promise.all(PLUGINS.map(async (pluginId) => (await loadProbes(pluginId)).default.map((d) => ({ ...d, key: `${pluginId}.${d.id}`, pluginId }))))).flat();
  sb = await startSandbox({ scale: 'small' });
  // what the product server serves in demo mode after login
  setDocCatalogue(sandboxDocIds());
  transport = createDemoTransport({ graphBase: sb.base, latestVersion: async () => '1.2.0', catalogue: demoCatalogue });
}, 60_000);
afterAll(() => sb?.close());
beforeEach(async () => {
  sb.state.token = null;
  await sb.post('/__sandbox/reset', { seed: 'test' });
  await sb.putJson('/__sandbox/faults', NO_FAULTS);
  await sb.del('/__sandbox/calls');
  sent.length = 0;
});
// every request a probe sent is one the extension's allow-list lets through
afterEach(() => {
  const off = sent.filter((p) => !checkCall(ALLOW_LIST, { url: p.url, method: p.options.method, headers: p.options.headers, body: p.options.body }, sandboxCatalogue()).ok);
  expect(off.map((p) => `${p.options.method} ${p.url.split('?')[0]}`)).toEqual([]);
});

/** The operation a GraphQL post names, and whether the sandbox's catalogue has it as a query. */
function graphqlPost(p: RequestPayload): { operation: string | null; query: boolean } {
  const body = new URLSearchParams(typeof p.options.body === 'string' ? p.options.body : '');
  const docId = body.get('doc_id');
  const entry = docId ? defaultSandboxCatalogue().byDocId.get(docId) : undefined;
  return { operation: entry?.operation ?? body.get('fb_api_req_friendly_name'), query: entry?.kind === 'query' };
}

describe('the platform check on the sandbox', () => {
  it('finds every read and query working and every write not checkable, and sends no write', async () => {
    expect(PLUGINS).toEqual(expect.arrayContaining(['adaccount', 'adcomment', 'bm', 'friend', 'page', 'pixel', 'target']));
    const registry = createRegistry(Object.fromEntries(await Promise.all(PLUGINS.map(async (id) => [id, await import(/* @vite-ignore */ `/plugins/${id}/index.ts`)] as const))));
    expect(registry.refused).toEqual([]);
    const background = backgroundReads(bridgeWith());
    const service = new PlatformCheck({
      store: createKernelStore(), plugins: () => registry.plugins, version: () => VERSION,
      backgroundBridge: (scope, queries) => background.bridge(scope, { queries }),
    });
    const findings = await service.run();
    expect(service.getProgress()).toMatchObject({ running: false, problem: null, done: families.length, total: families.length });
    const by = new Map(findings.map((f) => [f.key, f] as const));
    const states = Object.fromEntries(families.map((f) => [f.key, by.get(f.key)?.state ?? 'no finding']));
    const expected = Object.fromEntries(families.map((f) => [f.key, f.kind === 'write' ? 'notCheckable' : (NO_OBJECT[f.key] ? 'noObject' : 'working')]));
    // The messages of any that failed, to read them in the test's output.
    const failed = findings.filter((f) => f.state === 'failing' || f.state === 'changed').map((f) => `${f.key}: ${f.message ?? JSON.stringify(f.problems)}`);
    expect(failed).toEqual([]);
    expect(states).toEqual(expected);

    // No write reached the sandbox, and the only POSTs were GraphQL query documents (reads).
    const calls = (await sb.getJson('/__sandbox/calls')).body as { writesByObject: Record<string, number> };
    expect(calls.writesByObject).toEqual({});
    const posts = sent.filter((p) => (p.options.method ?? 'GET') !== 'GET');
    const notQueries = posts.map((p) => ({ url: p.url.split('?')[0], ...graphqlPost(p) })).filter((p) => !p.query);
    expect(notQueries).toEqual([]);
    expect(posts.every((p) => p.options.method === 'POST' && p.url.includes('/api/graphql'))).toBe(true);
  });

  it('tries the reads on the first row of the cached list, without reading the list again', async () => {
    const noWait = async () => {};
    // each list as its own loader reads it (what the view's cache holds), and the list call the probes must not repeat
    const lists: { plugin: string; key: string; listCall: RegExp; load: () => Promise<readonly unknown[]> }[] = [
      { plugin: 'adaccount', key: 'adaccount:list', listCall: /\/me\/adaccounts\?/, load: async () => (await area<{ loadAdAccounts: Loader }>('adaccount', 'load.ts')).loadAdAccounts(bridgeWith(), { userId: null, sleep: noWait }) },
      { plugin: 'bm', key: 'bmuser_list', listCall: /\/me\/businesses\?/, load: async () => (await area<{ loadBusinesses: Loader }>('bm', 'load.ts')).loadBusinesses(bridgeWith(), { sleep: noWait }) },
      { plugin: 'page', key: 'fb_page_list', listCall: /\/me\/accounts\?/, load: async () => ((await area<{ loadPages: Loader<{ rows: unknown[] }> }>('page', 'load.ts')).loadPages(bridgeWith(), { sleep: noWait })).then((r) => r.rows) },
      { plugin: 'pixel', key: 'pixel_list', listCall: /\/me\/businesses\?/, load: async () => (await area<{ loadPixels: Loader }>('pixel', 'load.ts')).loadPixels(bridgeWith(), { sleep: noWait }) },
    ];
    for (const list of lists) {
      const rows = await list.load();
      expect(rows.length, list.plugin).toBeGreaterThan(0);
      sent.length = 0;
      const reads = families.filter((f) => f.pluginId === list.plugin && f.kind !== 'write' && !f.list);
      // each family through a background reader, as the check sends it (its own query document only)
      const background = backgroundReads(bridgeWith());
      const findings: CheckFinding[] = [];
      for (const f of reads) {
        const bridge = background.bridge(null, { queries: f.kind === 'query' && f.document ? [f.document] : [] });
        findings.push(...await checkFamilies([f], { bridge, cachedRows: <T,>(key: string) => (key === list.key ? rows as T[] : null), version: VERSION }));
      }
      expect(Object.fromEntries(findings.map((f) => [f.key, f.state])), list.plugin).toEqual(Object.fromEntries(reads.map((f) => [f.key, 'working'])));
      expect(sent.filter((p) => list.listCall.test(p.url)).map((p) => p.url.split('?')[0]), list.plugin).toEqual([]);
    }
  });

  it('finds a list reply that lost a field the area relies on "changed", naming the field', async () => {
    const list = families.find((f) => f.key === 'adaccount.list')!;
    const dropped = bridgeWith((payload, response) => {
      if (!/\/me\/adaccounts\?/.test(payload.url) || !response.ok) return response;
      const body = typeof response.body === 'string' ? JSON.parse(response.body) : structuredClone(response.body);
      for (const row of body.data ?? []) delete row.account_status;
      return { ...response, body };
    });
    const [finding] = await check([list], dropped);
    expect(finding).toMatchObject<Partial<CheckFinding>>({ key: 'adaccount.list', state: 'changed', source: 'check' });
    expect(finding.problems).toEqual([{ field: 'account_status', problem: 'missing', expected: 'number' }]);
  });

  it('finds a Graph read answered "deprecated version" failing, to be fixed by the version', async () => {
    const list = families.find((f) => f.key === 'adaccount.list')!;
    const retired = bridgeWith(() => ({
      ok: false, status: 400, headers: { 'content-type': 'application/json' },
      body: { error: { message: '(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: v24.0.', type: 'OAuthException', code: 2635, fbtrace_id: 'A1' } },
    }));
    const [finding] = await check([list], retired);
    expect(finding).toMatchObject<Partial<CheckFinding>>({ key: 'adaccount.list', state: 'failing', fix: 'version', code: 2635, version: VERSION });
    expect(finding.message).toContain('deprecated version');
  });
});

/**
 * Families the sandbox's default operator truly has nothing to try on (each says why); every other
 * read and query must be "working".
 */
const NO_OBJECT: Record<string, string> = {};
