// One area's plugin against the sandbox over HTTP, through the demo transport, as the app runs it:
// the plugin loaded through the registry (its actions with their handlers), a sandbox on a real port,
// every request the bridge sends recorded, and before each test a reset sandbox with the faults off.
// An area's test file calls `sandboxArea(id)` once at its top level; the hooks are registered here.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startSandbox, type Sandbox, demoCatalogue, sandboxCatalogue } from './harness';
import { sandboxDocIds } from '../../sandbox/index';
import { setDocCatalogue } from '../../src/kernel/graph/doc-catalogue';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { createBridge, GraphError, type Bridge } from '../../src/kernel/bridge/bridge';
import { ALLOW_LIST, checkCall } from '../../protocol/allow-list';
import type { RequestPayload } from '../../protocol';
import type { ActionContext, ActionHandlers, LoadedPlugin, PluginAction } from '../../src/kernel/plugin/types';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { createKernelStore } from '../../src/kernel/store/store';
import { Runner, type ActionEntry } from '../../src/kernel/runner/runner';
import { realClock } from '../../src/kernel/runner/lanes';

/** A declared action with its loaded handlers, as the runner sees it once loaded. */
export type LoadedAction = PluginAction & ActionHandlers<any, any, any>;

/** Many calls on the same few fixture objects: budgets lifted so no test is rate limited by accident. */
const NO_FAULTS = { latencyMs: 0, jitterMs: 0, errorRate: 0, budget: { perAccount: { points: 100_000 }, perUser: { points: 1_000_000 } } };

export interface AreaOptions {
  /** The extension version the demo transport reports (default 1.2.0). */
  extensionVersion?: string;
  /** Check after each test that every request sent was on the bridge allow-list (default true). */
  allowListed?: boolean;
}

export interface Area {
  /** Set once the sandbox runs (in the file's own beforeAll and tests). */
  sb: Sandbox;
  bridge: Bridge;
  plugin: LoadedPlugin;
  actions: LoadedAction[];
  /** The requests the bridge sent during the current test. */
  readonly sent: RequestPayload[];
  action(id: string): LoadedAction;
  ctx(prepared?: unknown): ActionContext;
  /** The action run for one item, as the runner calls it. */
  run(id: string, item: Record<string, unknown>, params?: unknown, prepared?: unknown): Promise<any>;
  /** One of the plugin's own modules (`load.ts`, `api.ts`…), loaded at run time through vite's alias. */
  module<T>(file: string): Promise<T>;
}

export function sandboxArea(id: string, o: AreaOptions = {}): Area {
  const dir = `/plugins/${id}`;
  const sent: RequestPayload[] = [];
  const area = {
    sent,
    action(actionId: string) {
      const a = area.actions.find((x) => x.id === actionId);
      if (!a) throw new Error(`no action ${actionId}`);
      return a;
    },
    ctx: (prepared?: unknown): ActionContext => ({ signal: new AbortController().signal, progress: () => {}, bridge: area.bridge, requestId: 'test', prepared }),
    run: (actionId: string, item: Record<string, unknown>, params: unknown = {}, prepared?: unknown) =>
      area.action(actionId).run({ ...item } as never, params, area.ctx(prepared)) as Promise<any>,
    module: async <T>(file: string) => (await import(/* @vite-ignore */ `${dir}/${file}`)) as T,
  } as Area;

  beforeAll(async () => {
    const registry = createRegistry({ [id]: await import(/* @vite-ignore */ `${dir}/index.ts`) });
    expect(registry.refused).toEqual([]);
    area.plugin = registry.plugins[0];
    area.actions = await Promise.all(area.plugin.actions.map(async (a) => ({ ...a, ...(await a.load()) }) as LoadedAction));
    area.sb = await startSandbox({ scale: 'small' });
    // what the product server serves in demo mode after login
    setDocCatalogue(sandboxDocIds());
    const transport = createDemoTransport({ graphBase: area.sb.base, latestVersion: async () => o.extensionVersion ?? '1.2.0' , catalogue: demoCatalogue });
    area.bridge = createBridge({ ...transport, request: (payload, opts) => { sent.push(payload); return transport.request(payload, opts); } });
  }, 60_000); // the plugin's modules are transformed on first import: slow on a busy machine
  afterAll(() => area.sb?.close());
  beforeEach(async () => {
    area.sb.state.token = null;
    await area.sb.post('/__sandbox/reset', { seed: 'test' });
    await area.sb.putJson('/__sandbox/faults', NO_FAULTS);
    sent.length = 0;
  });
  if (o.allowListed !== false) {
    afterEach(() => {
      const off = sent.filter((p) => !checkCall(ALLOW_LIST, { url: p.url, method: p.options.method, headers: p.options.headers, body: p.options.body }, sandboxCatalogue()).ok);
      expect(off.map((p) => `${p.options.method} ${p.url.split('?')[0]}`)).toEqual([]);
    });
  }
  return area;
}

/** The GraphError a call is refused with (fails the test when it succeeds or throws anything else). */
export async function refusal(p: Promise<unknown>): Promise<GraphError> {
  const e = await p.then(() => null, (x: unknown) => x);
  expect(e).toBeInstanceOf(GraphError);
  return e as GraphError;
}

export const noWait = async () => {};

/** A real Runner over the area's actions and the sandbox, fast (a hundredth of the pace, no waits), as a test drives it. */
export function sandboxRunner(area: Area, platformUserId?: string): Runner {
  const plugin = area.plugin;
  const actions = new Map<string, ActionEntry>(plugin.actions.map((a) => [a.id, { plugin, action: a }]));
  return new Runner({
    store: createKernelStore(), bridge: area.bridge, actions: () => actions, usablePluginIds: () => new Set([plugin.id]), lanes: () => plugin.lanes,
    user: () => ({ role: 'user' }) as never, clock: realClock, paceFactor: () => 0.01, flush: async () => {}, sleep: noWait,
    ...(platformUserId ? { platformUserId: () => platformUserId } : {}),
  });
}
