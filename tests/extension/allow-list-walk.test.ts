// The allow-list walk (docs/INTERFACES.md section 4, docs/PLUGINS.md "Adding a platform call"): every
// plugin under plugins/* is loaded; each bulk action (prepare, run, verify, toBatch through the batch
// helper) and each list loader (load*/reread* of its load.ts) runs against the real sandbox through
// the demo transport, which enforces the same allow-list as the extension. A call that is not on the
// list comes back refused and fails this test, naming the call. Platform errors (a fixture that does
// not fit an action) are fine: only refusals count.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox, demoCatalogue, sandboxCatalogue } from '../sandbox/harness';
import { sandboxDocIds } from '../../sandbox/index';
import { setDocCatalogue } from '../../src/kernel/graph/doc-catalogue';
import { createDemoTransport } from '../../src/kernel/bridge/demo-transport';
import { createBridge, graphVersion, type Bridge } from '../../src/kernel/bridge/bridge';
import { runBatch, type BatchRequest } from '../../src/kernel/graph/batch';
import { createRegistry } from '../../src/kernel/plugin/registry';
import type { ActionContext, ActionHandlers, LoadedPlugin, PluginAction } from '../../src/kernel/plugin/types';
import { schemas } from '../../src/generated/validators.js';
import { ALLOW_LIST, checkCall, REFUSED_PREFIX, type RequestPayload } from '../../protocol';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Only these areas are walked when set (`TESSERA_CHECK_AREAS=<id>,…`: the scaffold test, for the new area). */
const ONLY = process.env.TESSERA_CHECK_AREAS?.split(',').filter(Boolean);
const pluginIds = fs.readdirSync(path.join(ROOT, 'plugins')).filter((id) => fs.existsSync(path.join(ROOT, 'plugins', id, 'index.ts'))).sort();

interface Sent { where: string; payload: RequestPayload; refused: string | null }
type LoadedAction = PluginAction & ActionHandlers<any, any, any>;

let sb: Sandbox;
let plugins: LoadedPlugin[];
let current = '';
const sent: Sent[] = [];

function recordingBridge(sandboxBase: string): Bridge {
  const transport = createDemoTransport({ graphBase: sandboxBase, latestVersion: async () => '1.1.0' , catalogue: demoCatalogue });
  return createBridge({
    ...transport,
    request: async (payload, o) => {
      const reply = await transport.request(payload, o);
      sent.push({ where: current, payload, refused: reply.error?.startsWith(REFUSED_PREFIX) ? reply.error : null });
      return reply;
    },
  });
}

/** Parameters from an action's JSON Schema, with sandbox fixture ids where an id is asked for. */
function paramsFrom(schema: any, ids: { business: string; user: string }, name = ''): unknown {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.anyOf ?? schema.oneOf)) return paramsFrom((schema.anyOf ?? schema.oneOf)[0], ids, name);
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = paramsFrom(s, ids, k);
      return out;
    }
    case 'array': return [paramsFrom(schema.items, ids, name)];
    case 'integer': case 'number': return Math.max(Number(schema.minimum ?? 0), 100);
    case 'boolean': return true;
    case 'string':
      if (schema.pattern && /\[0-9\]|\\d/.test(schema.pattern)) return /business|bm|agency/i.test(name) ? ids.business : ids.user;
      if (/country/i.test(name)) return 'DE';
      if (/currency/i.test(name)) return 'EUR';
      if (/timezone/i.test(name)) return 'Asia/Tokyo';
      return 'walk';
    default: return undefined;
  }
}

async function attempt(where: string, fn: () => Promise<unknown>) {
  current = where;
  try { await fn(); } catch { /* platform errors are fine; refusals are counted from the replies */ }
}

beforeAll(async () => {
  sb = await startSandbox({ scale: 'small' });
  await sb.putJson('/__sandbox/faults', { latencyMs: 0, jitterMs: 0, errorRate: 0, budget: { perAccount: { points: 1_000_000 }, perUser: { points: 1_000_000 } } });
  setDocCatalogue(sandboxDocIds());
  const modules: Record<string, unknown> = {};
  for (const id of pluginIds) modules[id] = await import(/* @vite-ignore */ `/plugins/${id}/index.ts`);
  plugins = createRegistry(modules as never).plugins;
}, 60_000);
afterAll(() => sb?.close());

describe('every platform call of every plugin is on the allow-list', () => {
  it('runs every action and list loader against the sandbox: no call is refused', async () => {
    const bridge = recordingBridge(sb.base);
    const fx = sb.state.data.fixtures as any;
    const accounts = Object.values(fx.adaccounts ?? {}).filter((v): v is string => typeof v === 'string').slice(0, 3);
    const ids = { business: String(Object.values(fx.businesses ?? {})[0] ?? '1'), user: String(fx.users?.other ?? fx.sessionUser) };
    const ctx = (): ActionContext => ({ signal: new AbortController().signal, progress: () => {}, bridge, requestId: 'walk' });
    let actionsRun = 0;
    let loadersRun = 0;

    for (const plugin of plugins.filter((p) => !ONLY || ONLY.includes(p.id))) {
      const loadFile = path.join(ROOT, 'plugins', plugin.id, 'load.ts');
      if (fs.existsSync(loadFile)) {
        const mod = (await import(/* @vite-ignore */ `/plugins/${plugin.id}/load.ts`)) as Record<string, unknown>;
        for (const [name, fn] of Object.entries(mod)) {
          if (typeof fn !== 'function' || !/^(load|reread)/.test(name)) continue;
          loadersRun++;
          await attempt(`${plugin.id}/load.ts ${name}`, () => (name.startsWith('reread')
            ? (fn as any)(bridge, accounts, new Map(accounts.map((a) => [a, { id: a, ownerrole: 1001 }])), { sleep: async () => {} })
            : (fn as any)(bridge, { userId: fx.sessionUser, sleep: async () => {} })));
        }
      }
      for (const declared of plugin.actions) {
        const a = { ...declared, ...(await declared.load()) } as LoadedAction;
        const params = paramsFrom((schemas as Record<string, unknown>)[a.id], ids) ?? {};
        actionsRun++;
        for (const item of accounts.map((id) => ({ id }))) {
          if (a.prepare) await attempt(`${a.id} prepare`, () => a.prepare!(params, { ...ctx(), items: [item] } as never));
          await attempt(`${a.id} run`, () => a.run(item, params, ctx()));
          if (a.verify) await attempt(`${a.id} verify`, () => a.verify!(item, params, ctx()));
          if (a.toBatch) await attempt(`${a.id} toBatch`, () => runBatch(bridge, [a.toBatch!(item, params) as BatchRequest], { sleep: async () => {} }));
        }
      }
    }

    const refused = sent.filter((s) => s.refused).map((s) => `${s.where}: ${s.payload.options.method} ${s.payload.url.split('?')[0]} — ${s.refused}`);
    const offList = sent.filter((s) => !checkCall(ALLOW_LIST, { url: s.payload.url, method: s.payload.options.method, headers: s.payload.options.headers, body: s.payload.options.body }, sandboxCatalogue()).ok);
    const used = new Set(sent.map((s) => {
      const c = checkCall(ALLOW_LIST, { url: s.payload.url, method: s.payload.options.method, headers: s.payload.options.headers, body: s.payload.options.body }, sandboxCatalogue());
      return c.ok ? c.call.what : '';
    }));
    console.log(`allow-list walk: ${plugins.length} plugins, ${actionsRun} actions, ${loadersRun} loaders, ${sent.length} calls, ${refused.length} refused; entries exercised ${used.size - (used.has('') ? 1 : 0)} of ${ALLOW_LIST.length}`);
    const unused = ALLOW_LIST.filter((c) => !used.has(c.what)).map((c) => c.what);
    if (unused.length) console.log(`allow-list entries no walked call used: ${unused.join('; ')}`);
    expect(actionsRun).toBeGreaterThan(0);
    expect(sent.length).toBeGreaterThan(actionsRun);
    expect(refused).toEqual([]);
    expect(offList).toEqual([]);
  }, 120_000);

  it('the walk does catch a call that is not on the list', async () => {
    const bridge = recordingBridge(sb.base);
    const before = sent.length;
    await attempt('negative control', () => bridge.graph({ path: 'act_1/campaigns', params: { fields: 'id' } }));
    await attempt('negative control', () => bridge.graph({ method: 'POST', path: 'act_1', params: { method: 'delete' } }));
    const mine = sent.slice(before);
    expect(mine.map((s) => s.refused)).toEqual([
      // the plugins' calls name the configured version (v24.0 until the runtime says otherwise)
      `refused: GET graph.facebook.com/${graphVersion()}/act_1/campaigns is not on the allow-list`,
      `refused: DELETE graph.facebook.com/${graphVersion()}/act_1 is not on the allow-list`,
    ]);
  });
});
