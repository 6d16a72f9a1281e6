import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createRegistry } from './plugin/registry';
import { createBus } from './bus';
import { UserStoreRoot } from './store/user-store';
import { createI18n } from './i18n';
import { KernelRoot } from './KernelRoot';
import { createProductApi } from './api/product-api';
import { getRuntime, setRuntime, type RuntimeSettings } from './api/runtime';
import { createBridge } from './bridge/bridge';
import { chooseTransport } from './bridge/choose-transport';

/**
 * Starts the product: validates every plugin manifest first, then sets up the bus, the languages and
 * the API client, learns the runtime settings, then renders with the store of the session's user
 * (`UserStoreRoot`: each user's store is theirs, docs/DECISIONS.md). A refused plugin is
 * reported and left out; the rest works.
 */
export async function boot(manifestModules: Record<string, unknown>, container: HTMLElement): Promise<void> {
  const registry = createRegistry(manifestModules);
  const bus = createBus();
  const i18n = await createI18n(registry.plugins);
  const api = createProductApi(i18n);
  try {
    setRuntime(await api.get<RuntimeSettings>('/api/runtime'));
  } catch (e) {
    console.warn('[tessera] runtime settings unavailable', e);
  }
  const latestVersion = async () => (await api.get<{ version: string }>('/api/plugins/latest')).version ?? null;
  const bridge = createBridge(chooseTransport(getRuntime(), latestVersion));
  registry.refused.forEach((r) => bus.emit('plugin:refused', r));
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <UserStoreRoot>
          {(store, flush) => <KernelRoot bus={bus} store={store} i18n={i18n} api={api} bridge={bridge} flush={flush} plugins={registry.plugins} refused={registry.refused} />}
        </UserStoreRoot>
      </BrowserRouter>
    </StrictMode>,
  );
}
