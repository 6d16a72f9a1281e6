import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { KernelBus } from './bus';
import type { KernelStore } from './store/store';
import type { LoadedPlugin, RefusedPlugin } from './plugin/types';
import type { KernelContext, KernelUser } from './context-types';
import { usablePlugins } from './plugin/usable';
import type { ApiClient } from './api/client';
import type { Bridge } from './bridge/bridge';

export interface KernelValue {
  bus: KernelBus;
  store: KernelStore;
  i18n: I18n;
  api: ApiClient;
  bridge: Bridge;
  /** Every plugin that loaded, whatever the role. */
  allPlugins: readonly LoadedPlugin[];
  refused: readonly RefusedPlugin[];
  /** Plugins this user may use (roles ∩ server-enabled ids). */
  plugins: readonly LoadedPlugin[];
  user: KernelUser | null;
  enabled: readonly string[] | null;
}

const KernelReactContext = createContext<KernelValue | null>(null);

export interface KernelProviderProps {
  bus: KernelBus;
  store: KernelStore;
  i18n: I18n;
  api: ApiClient;
  bridge: Bridge;
  plugins: readonly LoadedPlugin[];
  refused?: readonly RefusedPlugin[];
  user: KernelUser | null;
  enabled: readonly string[] | null;
  children: ReactNode;
}

export function KernelProvider({ bus, store, i18n, api, bridge, plugins, refused = [], user, enabled, children }: KernelProviderProps) {
  const usable = useMemo(() => usablePlugins(plugins, user?.role, enabled), [plugins, user?.role, enabled]);
  const value = useMemo<KernelValue>(
    () => ({ bus, store, i18n, api, bridge, allPlugins: plugins, refused, plugins: usable, user, enabled }),
    [bus, store, i18n, api, bridge, plugins, refused, usable, user, enabled],
  );
  usePluginActivation(value);
  return (
    <KernelReactContext.Provider value={value}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </KernelReactContext.Provider>
  );
}
KernelProvider.displayName = 'KernelProvider';

/** Loads and runs each usable plugin's `activate` once its manifest passed; cleans up when it stops being usable. */
function usePluginActivation(value: KernelValue) {
  const { plugins, bus, store, i18n, user } = value;
  useEffect(() => {
    const ctx: KernelContext = { bus, store, t: i18n.t.bind(i18n), user, plugins };
    const cleanups: (() => void)[] = [];
    let stopped = false;
    for (const p of plugins) {
      if (!p.activate) continue;
      p.activate().then(({ default: activate }) => {
        if (stopped) return;
        const cleanup = activate(ctx);
        if (typeof cleanup === 'function') cleanups.push(cleanup);
      }).catch((e) => console.error(`[tessera] plugin ${p.id} failed to activate`, e));
    }
    return () => { stopped = true; cleanups.forEach((c) => c()); };
  }, [plugins, bus, store, i18n, user]);
}

export function useKernel(): KernelValue {
  const value = useContext(KernelReactContext);
  if (!value) throw new Error('useKernel must be used inside <KernelProvider>');
  return value;
}

export function useBus(): KernelBus {
  return useKernel().bus;
}

export function useApi(): ApiClient {
  return useKernel().api;
}

export function useBridge(): Bridge {
  return useKernel().bridge;
}
