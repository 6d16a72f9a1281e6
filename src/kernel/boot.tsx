import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createPluginSource } from './plugin/plugin-source';
import { createBus } from './bus';
import { UserStoreRoot } from './store/user-store';
import { addPluginLocales, createI18n } from './i18n';
import { KernelRoot } from './KernelRoot';
import { createProductApi } from './api/product-api';
import { getRuntime, setRuntime, type RuntimeSettings } from './api/runtime';
import { API, apiGet } from './api/endpoints';
import type { Bridge } from './bridge/bridge';
import type { BridgeTransport } from './bridge/transport';
import { EXTENSION_MARK } from '../../protocol/messages';
import { getSession } from './core/session';
import { loadIconsOneByOne } from './icons';

/**
 * Starts the product: sets up the bus, the languages and the API client, learns the runtime settings,
 * then renders with the store of the session's user (`UserStoreRoot`: each user's store is theirs,
 * docs/DECISIONS.md). The plugin manifests (`loadManifests`) are read and validated once there is a
 * session — at once when the page opens signed in — before any plugin code runs (docs/DECISIONS.md,
 * "First-screen bundle"). A refused plugin is reported and left out; the rest works.
 */
/** The runner's tables, which only the leader tab writes; loaded with a signed-in user's store, not with the login page. */
const runnerTables = () => import('./runner/job-store').then(({ JOBS, ITEMS }) => [JOBS, ITEMS]);

export async function boot(loadManifests: () => Promise<Record<string, unknown>>, container: HTMLElement): Promise<void> {
  loadIconsOneByOne();
  const bus = createBus();
  const i18n = await createI18n([], undefined, { firstScreen: true });
  const plugins = createPluginSource(loadManifests, async (registry) => {
    registry.refused.forEach((r) => bus.emit('plugin:refused', r));
    await addPluginLocales(i18n, registry.plugins);
  });
  if (getSession().token) void plugins.load().catch(() => { /* KernelRoot shows the failure with a retry */ });
  const api = createProductApi(i18n);
  try {
    setRuntime(await apiGet(api, API.runtime.runtime));
  } catch (e) {
    console.warn('[tessera] runtime settings unavailable', e);
  }
  const latestVersion = async () => (await apiGet(api, API.runtime.latestExtension)).version ?? null;
  const bridge = lazyBridge(getRuntime(), latestVersion);
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <UserStoreRoot leaderTables={runnerTables}>
          {(store, flush) => <KernelRoot bus={bus} store={store} i18n={i18n} api={api} bridge={bridge} flush={flush} pluginSource={plugins} />}
        </UserStoreRoot>
      </BrowserRouter>
    </StrictMode>,
  );
}

/**
 * The bridge to the platform, whose code (the executors, the protocol's allow-lists) loads on its first
 * use, after sign-in: the login page never talks to the platform. Which executor it will be is known at
 * once (choose-transport.ts's rule), so `transport.kind` answers without loading anything.
 */
function lazyBridge(runtime: RuntimeSettings | null, latestVersion: () => Promise<string | null>): Bridge {
  // The page as it was at boot decides, as it did when the bridge was made at boot.
  const marked = document.documentElement.hasAttribute(EXTENSION_MARK);
  const atBoot = { documentElement: { hasAttribute: () => marked } } as unknown as Document;
  let loading: Promise<Bridge> | null = null;
  const real = () => {
    loading ??= Promise.all([import('./bridge/bridge'), import('./bridge/choose-transport')])
      .then(([{ createBridge }, { chooseTransport }]) => createBridge(chooseTransport(runtime, latestVersion, atBoot)));
    loading.catch(() => { loading = null; });
    return loading;
  };
  const extension = marked || !(runtime?.demo && runtime.graphBase);
  const transport: BridgeTransport = {
    kind: extension ? 'extension' : 'demo',
    version: async () => (await real()).transport.version(),
    identity: async (uid) => (await real()).transport.identity(uid),
    request: async (payload, options) => (await real()).transport.request(payload, options),
    cookies: async (url) => (await real()).transport.cookies(url),
    outcome: async (requestId) => (await real()).transport.outcome(requestId),
    dispose: () => { void loading?.then((b) => b.transport.dispose()); },
  };
  return {
    transport,
    send: async (url, init, options) => (await real()).send(url, init, options),
    graph: async (call, options) => (await real()).graph(call, options),
  };
}
