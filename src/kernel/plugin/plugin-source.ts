import type { PluginRegistry } from './registry';

/**
 * The plugins of the page, read once there is a session (docs/DECISIONS.md, "First-screen bundle"):
 * the login page needs no area, so the manifests, their locales and the registry's validation load
 * with the first signed-in screen. `load()` validates the manifests (nothing of a plugin runs before)
 * and tells `onLoaded`; a failed load can be tried again.
 */
export interface PluginSource {
  /** The registry once loaded, else null. */
  get(): PluginRegistry | null;
  load(): Promise<PluginRegistry>;
  subscribe(listener: () => void): () => void;
}

export function createPluginSource(
  loadManifests: () => Promise<Record<string, unknown>>,
  /** Runs before the registry counts as loaded (the plugins' strings are added there). */
  onLoaded: (registry: PluginRegistry) => void | Promise<void>,
): PluginSource {
  let registry: PluginRegistry | null = null;
  let loading: Promise<PluginRegistry> | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => registry,
    load() {
      if (registry) return Promise.resolve(registry);
      loading ??= Promise.all([import('./registry'), loadManifests()]).then(async ([{ createRegistry }, modules]) => {
        const loaded = createRegistry(modules);
        await onLoaded(loaded);
        registry = loaded;
        listeners.forEach((l) => l());
        return loaded;
      });
      loading.catch(() => { loading = null; });
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}
