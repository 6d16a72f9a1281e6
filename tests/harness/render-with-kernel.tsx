import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { inlinePlugin, type InlinePlugin } from './inline-plugin';
import { createBus } from '../../src/kernel/bus';
import { createKernelStore } from '../../src/kernel/store/store';
import { createI18n } from '../../src/kernel/i18n';
import { KernelRoot, preloadSignedIn } from '../../src/kernel/KernelRoot';
import type { KernelUser } from '../../src/kernel/context-types';
import type { SupportedLocale } from '../../src/kernel/plugin/types';
import { createProductApi } from '../../src/kernel/api/product-api';
import { clearSession, patchSession } from '../../src/kernel/core/session';
import { createBridge } from '../../src/kernel/bridge/bridge';
import { createWindowTransport } from '../../src/kernel/bridge/window-transport';
import type { BridgeTransport } from '../../src/kernel/bridge/transport';
import { getExtensionState, patchExtensionState } from '../../src/kernel/bridge/extension-status';

export interface RenderWithKernelOptions {
  /** Plugin definitions, or test plugins written inline (tests/harness/inline-plugin.ts); invalid ones are refused like in the product. */
  plugins: unknown[];
  user?: KernelUser | null;
  /** Plugin ids the server enabled for the user's role; null = all. */
  enabled?: string[] | null;
  route?: string;
  locale?: SupportedLocale;
  /** The product API's fetch. Without it the session is seeded from `user`/`enabled` and never synced. */
  fetch?: typeof fetch;
  /** The platform executor; default the window transport (no extension answers in jsdom). */
  transport?: BridgeTransport;
  /** Run the extension checks (off by default: they wait 5 s for a version reply). */
  extensionChecks?: boolean;
  /**
   * The platform identity the page knows at the start (lists wait for one before they load): by default,
   * without the extension checks and unless the test set the extension state itself, a test social
   * account; null: none known yet (the checks, or the test, set it).
   */
  platformIdentity?: { id: string; name: string } | null;
  /**
   * Without `fetch`: answers of the quiet server beyond the shell's background calls — the `data` of a
   * path, or an envelope (`{ envelope }`) for a refusal; undefined leaves the path unknown.
   */
  answer?: (path: string, init: RequestInit | undefined) => unknown;
  /**
   * Load only the first screen's strings, as the product's page does (the rest loads before any other
   * screen, docs/PLUGINS.md, "Strings"); by default every string is in from the start.
   */
  firstScreenStrings?: boolean;
  /** The kernel store to mount on (default a new one): a second render on the first's store sees its cache. */
  store?: ReturnType<typeof createKernelStore>;
}

/** Mounts the real kernel (registry, i18n, store, bus, shell, routes) around the given plugins. */
export async function renderWithKernel({ plugins, user = { role: 'user' }, enabled = null, route = '/dashboard/index', locale = 'zh-CN', fetch, transport, extensionChecks = false, answer, platformIdentity, firstScreenStrings = false, store: givenStore }: RenderWithKernelOptions) {
  const definitions = plugins.map((p) => (p && typeof p === 'object' && 'id' in p && !('manifest' in p) ? inlinePlugin(p as InlinePlugin) : p));
  const registry = createRegistry(Object.fromEntries(definitions.map((p, i) => [`test/${i}/${(p as { manifest?: { id?: string } })?.manifest?.id ?? 'unknown'}`, { default: p }])));
  const bus = createBus();
  const store = givenStore ?? createKernelStore();
  const i18n = await createI18n(registry.plugins, locale, { firstScreen: firstScreenStrings });
  const library = libraryOf(store);
  const api = createProductApi(i18n, fetch ?? ((input, init) => quietServer(input, init, answer, library)));
  const bridge = createBridge(transport ?? createWindowTransport(window));
  clearSession();
  if (platformIdentity !== undefined) patchExtensionState({ identity: platformIdentity, identityChecked: platformIdentity !== null });
  else if (!extensionChecks && !getExtensionState().identityChecked) patchExtensionState({ identity: TEST_IDENTITY, identityChecked: true });
  if (user) {
    window.localStorage.setItem('token', JSON.stringify({ v: 'test-token' }));
    patchSession({
      token: 'test-token',
      info: { id: user.id ?? '1', email: user.email ?? 'operator@tessera.test', name: user.name, role: user.role, plugins: enabled ?? registry.plugins.map((p) => p.id) },
      infoStatus: 'ready',
    });
  }
  // The signed-in code loads lazily in the product; here it is loaded before the first render.
  if (user) await preloadSignedIn();
  const utils = render(
    <MemoryRouter initialEntries={[route]}>
      <KernelRoot bus={bus} store={store} i18n={i18n} api={api} bridge={bridge} plugins={registry.plugins} refused={registry.refused} sessionSync={!!fetch} versionCheck={false} extensionChecks={extensionChecks} />
    </MemoryRouter>,
  );
  return { ...utils, bus, store, i18n, registry, api, bridge };
}

/** The social account a test page acts as, unless the test says otherwise. */
export const TEST_IDENTITY = { id: '61550000000001', name: 'Test Operator' };

/** Without a fake server of its own, a test gets empty answers for the shell's background calls. */
const BACKGROUND: Record<string, unknown> = {
  '/api/message_notification/unseen': { list: [], count: 0 },
  '/api/module_statistics_visit/save': null,
  '/api/graphql-docs': {},
  '/api/watch/alerts': [],
};
/**
 * The quiet server's library (server/routes/library.ts) for one store: what the leader tab's sync saves
 * it answers back, so a test's workspaces and lists stay as the test left them. Kind → id → row.
 */
type FakeLibrary = Map<string, Map<string, unknown>>;
const libraries = new WeakMap<object, FakeLibrary>();
function libraryOf(store: object): FakeLibrary {
  let library = libraries.get(store);
  if (!library) libraries.set(store, (library = new Map()));
  return library;
}

function libraryAnswer(library: FakeLibrary, url: URL, init: RequestInit | undefined): unknown {
  const body = init?.body ? JSON.parse(String(init.body)) as { kind: string; id?: string; body?: unknown; items?: { id: string; body: unknown }[] } : null;
  const kind = body?.kind ?? url.searchParams.get('kind') ?? '';
  let rows = library.get(kind);
  if (!rows) library.set(kind, (rows = new Map()));
  const item = (id: string, row: unknown) => ({ id, body: row, updatedAt: new Date(0).toISOString(), updatedBy: 'Test Operator' });
  if (url.pathname === '/api/library' && !body) return [...rows].map(([id, row]) => item(id, row));
  if (url.pathname === '/api/library') {
    rows.set(body!.id!, body!.body);
    return item(body!.id!, body!.body);
  }
  if (url.pathname === '/api/library/delete') return { deleted: rows.delete(body!.id!) ? 1 : 0 };
  let added = 0;
  for (const i of body?.items ?? []) if (!rows.has(i.id) && ++added) rows.set(i.id, i.body);
  return { added };
}

async function quietServer(input: RequestInfo | URL, init?: RequestInit, answer?: RenderWithKernelOptions['answer'], library?: FakeLibrary): Promise<Response> {
  const url = new URL(String(input));
  const path = url.pathname;
  const given = answer?.(path, init);
  const extra = given === undefined && library && path.startsWith('/api/library') ? libraryAnswer(library, url, init) : given;
  if (extra && typeof extra === 'object' && 'envelope' in extra) return new Response(JSON.stringify((extra as { envelope: unknown }).envelope), { status: 200, headers: { 'content-type': 'application/json' } });
  const known = path in BACKGROUND || extra !== undefined;
  const body = known ? { status: 1, code: 20000, info: 'OK', data: extra !== undefined ? extra : BACKGROUND[path] } : { status: 0, code: 40400, info: `no fake answer for ${path}`, data: null };
  return new Response(JSON.stringify(body), { status: known ? 200 : 404, headers: { 'content-type': 'application/json' } });
}
