// The runner chaos suite's world: the real graph sandbox over HTTP, the real extension executor and
// outcome journal (development flavour, which maps platform URLs onto the sandbox), the page's real
// window transport (on a minimal window whose messages a relay carries to the executor), and the
// real Runner with the real `adaccount.addUser` action. An extension or a page can "reload": the
// old one vanishes with whatever it had in flight, a new one starts from what was persisted.
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSandboxState, graphSandbox, type SandboxState } from '../../sandbox/index';
import { accountRole, memberOf } from '../../sandbox/graph/access';
import { createExecutor } from '../../extension/src/lib/executor';
import { OutcomeJournal, type KeyValueStorage } from '../../extension/src/lib/journal';
import { createSandboxSession } from '../../extension/src/lib/sandbox-session';
import type { SessionSource } from '../../extension/src/lib/session';
import { EXTENSION_SOURCE, PAGE_SOURCE } from '../../protocol';
import { createBridge } from '../../src/kernel/bridge/bridge';
import { createWindowTransport } from '../../src/kernel/bridge/window-transport';
import { createKernelStore, type KernelStore } from '../../src/kernel/store/store';
import { Runner, type ActionEntry } from '../../src/kernel/runner/runner';
import { pluginLanes } from '../../src/kernel/runner/lanes';
import type { ActionHandlers, LoadedPlugin, PluginAction, PluginManifest } from '../../src/kernel/plugin/types';
import type { JobItem } from '../../src/kernel/runner/types';

/** The three deadlines, scaled down from 60 / 75 / 90 s in the same order (settle.ts). */
export const EXECUTOR_DEADLINE_MS = 600;
export const REQUEST_DEADLINE_MS = 900;
export const WRITE_DEADLINE_MS = 2_000;
export const PACE_FACTOR = 0.02;

export interface World {
  base: string;
  state: SandboxState;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startWorld(): Promise<World> {
  const state = createSandboxState({ seed: 'chaos', scale: 'large' });
  const app = Fastify({ logger: false });
  await app.register(graphSandbox, { state });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { base: address, state, app, close: () => app.close() };
}

/** The first `n` ad accounts the session user may add people to. */
export function writableAccounts(state: SandboxState, n: number): JobItem[] {
  const { data } = state;
  const uid = data.sessionUserId;
  const out: JobItem[] = [];
  for (const a of data.accountList) {
    const owner = a.owner_business ? data.businesses.get(a.owner_business) : undefined;
    const admin = accountRole(a, uid) === 1001 || (!!owner && memberOf(data, owner, uid)?.role === 'ADMIN');
    if (!admin || a.account_status === 101) continue;
    out.push({ id: a.id });
    if (out.length === n) break;
  }
  if (out.length < n) throw new Error(`only ${out.length} writable ad accounts`);
  return out;
}

/** People with no role on any of the accounts (one per case, so no case meets another's writes). */
export function strangers(state: SandboxState, accounts: readonly JobItem[], n: number): string[] {
  const on = accounts.map((a) => state.data.accounts.get(a.id)!);
  const out: string[] = [];
  for (const user of state.data.users.values()) {
    if (user.id === state.data.sessionUserId || on.some((a) => accountRole(a, user.id) !== null)) continue;
    out.push(user.id);
    if (out.length === n) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// the extension

/** chrome.storage.session: outlives a worker restart. */
function sessionStorage(): Map<string, unknown> {
  return new Map();
}

interface Generation {
  alive: boolean;
  abort: AbortController;
  handle: (raw: unknown) => Promise<unknown>;
  session: SessionSource;
}

/**
 * The extension's service worker. `reload()` kills the running worker — its fetches are cut, its
 * replies never reach the page, its journal stops writing — and, after `gapMs`, starts a new one on
 * the same persisted journal storage.
 */
export class ChaosExtension {
  private readonly stored = sessionStorage();
  private current: Generation | null = null;
  reloads = 0;

  constructor(private readonly base: string) {
    this.current = this.spawn();
  }

  private spawn(): Generation {
    const gen = { alive: true, abort: new AbortController() } as Generation;
    const storage: KeyValueStorage = {
      get: async () => Object.fromEntries(this.stored),
      set: async (items) => { if (gen.alive) for (const [k, v] of Object.entries(items)) this.stored.set(k, structuredClone(v)); },
      remove: async (keys) => { if (gen.alive) for (const k of keys) this.stored.delete(k); },
    };
    const cut: typeof fetch = (input, init = {}) => {
      const signal = init.signal ? AbortSignal.any([init.signal, gen.abort.signal]) : gen.abort.signal;
      return fetch(input, { ...init, signal });
    };
    gen.session = createSandboxSession({ base: async () => this.base, fetch: cut, ttlMs: 60_000 });
    const executor = createExecutor({
      flavour: 'development', version: '9.9.9', fetch: cut, session: gen.session, journal: new OutcomeJournal(storage),
      sandboxBase: async () => this.base, deadlineMs: EXECUTOR_DEADLINE_MS,
    });
    gen.handle = (raw) => executor.handle(raw);
    return gen;
  }

  /** A message from a page; the reply comes back only if the worker that took it still lives. */
  async handle(raw: unknown): Promise<unknown> {
    const gen = this.current;
    if (!gen) return null; // no worker: the message is lost
    const reply = await gen.handle(raw);
    return gen.alive ? reply : null;
  }

  reload(gapMs: number): Promise<void> {
    const old = this.current;
    if (old) { old.alive = false; old.abort.abort(); }
    this.current = null;
    this.reloads += 1;
    return new Promise((resolve) => setTimeout(() => { this.current = this.spawn(); resolve(); }, gapMs));
  }

  /** The operator logs in again: the session's values are read afresh. */
  freshToken(): void {
    this.current?.session.invalidate();
  }
}

// ---------------------------------------------------------------------------------------------
// the page

/** The slice of `window` the window transport uses; `postMessage` goes through the content-script relay. */
class RelayWindow {
  readonly location = { origin: 'http://tessera.test' };
  private readonly listeners = new Set<(e: MessageEvent) => void>();
  alive = true;

  constructor(private readonly extension: ChaosExtension) {}

  addEventListener(_type: 'message', fn: (e: MessageEvent) => void) { this.listeners.add(fn); }
  removeEventListener(_type: 'message', fn: (e: MessageEvent) => void) { this.listeners.delete(fn); }

  postMessage(data: unknown) {
    if (!this.alive) return;
    const message = data as { source?: string };
    if (message?.source === EXTENSION_SOURCE) return this.deliver(data);
    if (message?.source !== PAGE_SOURCE) return;
    void this.extension.handle(data).then((reply) => { if (reply) this.deliver(reply); }, () => undefined);
  }

  private deliver(data: unknown) {
    if (!this.alive) return;
    const event = { data, source: this, origin: this.location.origin } as unknown as MessageEvent;
    queueMicrotask(() => this.listeners.forEach((fn) => fn(event)));
  }
}

const manifest = JSON.parse(fs.readFileSync(new URL('../../plugins/adaccount/plugin.json', import.meta.url), 'utf8')) as PluginManifest;
export const plugin: LoadedPlugin = {
  id: 'adaccount', titleKey: manifest.titleKey, icon: manifest.icon, order: manifest.order, roles: ['*'], routes: [], views: [], actions: [],
  lanes: manifest.lanes ?? {}, scope: manifest.scope, widgets: [], locales: { 'zh-CN': {}, 'en-US': {} },
};
/** The plugin's own action module, through Vite's `@kernel` alias (a variable, so the Node type check does not follow it). */
const ADD_USER_MODULE = '../../plugins/adaccount/actions/add-user';
const decl = manifest.actions!.find((a) => a.verb === 'addUser')!;
export const addUserAction: PluginAction = {
  id: 'adaccount.addUser', pluginId: 'adaccount', verb: 'addUser', titleKey: 'actions.addUser.title', target: decl.target, schema: 'adaccount.addUser',
  idempotent: decl.idempotent, lane: decl.lane, operations: [], load: async () => (await import(ADD_USER_MODULE) as { default: ActionHandlers<JobItem, unknown, unknown> }).default,
};

/**
 * A browser tab running Tessera: a store persisted by `flush` (what a reload finds), the window
 * transport and a Runner. `reload()` drops it; `Page.from` builds the next one from what was saved.
 */
export class Page {
  readonly runner: Runner;
  readonly store: KernelStore;
  private readonly win: RelayWindow;
  private alive = true;

  constructor(extension: ChaosExtension, saved: { json: string | null }) {
    this.store = createKernelStore();
    if (saved.json) this.store.setJson(saved.json);
    this.win = new RelayWindow(extension);
    const transport = createWindowTransport(this.win as unknown as Window);
    const actions = new Map<string, ActionEntry>([[addUserAction.id, { plugin, action: addUserAction }]]);
    this.runner = new Runner({
      store: this.store, bridge: createBridge(transport), actions: () => actions, lanes: () => pluginLanes([plugin]),
      usablePluginIds: () => new Set(['adaccount']), user: () => ({ role: 'user' }), paceFactor: () => PACE_FACTOR,
      flush: async () => { if (this.alive) saved.json = this.store.getJson(); },
      requestDeadlineMs: REQUEST_DEADLINE_MS, writeDeadlineMs: WRITE_DEADLINE_MS,
    });
  }

  /** The tab reloads: nothing it still does reaches the store that is kept, the extension or the page after it. */
  reload(): void {
    this.alive = false;
    this.win.alive = false;
    this.runner.pauseAll('operator', '');
  }
}
