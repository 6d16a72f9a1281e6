import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KernelProvider, useApi, type KernelProviderProps } from './KernelProvider';
import { AppRoutes, preloadLayout } from './shell/AppRoutes';
import { ThemeController } from './shell/ThemeController';
import { installPreloadErrorHandler } from './shell/preload-error';
import { LoadFailed, PartLoading, lazyPart } from './shell/lazy-part';
import type { PluginSource } from './plugin/plugin-source';
import type { LoadedPlugin, RefusedPlugin } from './plugin/types';
import { effectiveEnabled, effectiveUser, useSession } from './core/session';
import { useSessionSync } from './auth/session-sync';

// The runner, palette and session services load with the first signed-in screen, not the login page.
const SignedIn = lazyPart(async () => (await import('./SignedIn')).default, 'SignedIn');

/** Loads the signed-in code now (a test that starts signed in renders it at once, without a spinner). */
export async function preloadSignedIn(): Promise<void> {
  await Promise.all([SignedIn.preload(), preloadLayout()]);
}

export type KernelRootProps = Omit<KernelProviderProps, 'children' | 'user' | 'enabled' | 'plugins'> & {
  /** The plugins, known up front (tests)… */
  plugins?: readonly LoadedPlugin[];
  /** …or read once there is a session (the product: the login page needs no area). */
  pluginSource?: PluginSource;
  /** Reload the profile from the server on navigation (off in tests that seed the session). */
  sessionSync?: boolean;
  /** Run the 5-minute web-version check. */
  versionCheck?: boolean;
  /** Run the extension's version and identity checks on every navigation. */
  extensionChecks?: boolean;
  /** Persists the store at once (the runner calls it before a non-idempotent write leaves). */
  flush?: () => Promise<void>;
};

/** Everything below the router: the kernel's providers, the session, theme and routes. */
export function KernelRoot({ sessionSync = true, versionCheck = true, extensionChecks = true, flush, pluginSource, plugins: given, refused: givenRefused, ...props }: KernelRootProps) {
  const session = useSession();
  const loaded = useSyncExternalStore(pluginSource?.subscribe ?? noSubscription, () => pluginSource?.get() ?? null);
  const plugins = pluginSource ? (loaded?.plugins ?? NONE) : (given ?? NONE);
  const refused = pluginSource ? (loaded?.refused ?? NO_REFUSALS) : givenRefused;
  const user = useMemo(() => effectiveUser(session), [session]);
  const serverMenuIds = session.serverMenu ? session.serverMenu.map((m) => m.id) : null;
  const enabled = useMemo(() => {
    const base = effectiveEnabled(session);
    if (!serverMenuIds) return base;
    return (base ?? plugins.map((p) => p.id)).filter((id) => serverMenuIds.includes(id));
  }, [session, serverMenuIds?.join(','), plugins]);
  return (
    <KernelProvider {...props} plugins={plugins} refused={refused} user={user} enabled={enabled}>
      <ThemeController />
      <PreloadErrors />
      <Session sessionSync={sessionSync} versionCheck={versionCheck} extensionChecks={extensionChecks} flush={flush} pluginSource={pluginSource}>
        <AppRoutes />
      </Session>
    </KernelProvider>
  );
}
KernelRoot.displayName = 'KernelRoot';

/**
 * Keeps the profile in sync (the route guard waits for it) and, with a session, wraps the routes in
 * the signed-in services. The store root remounts everything when the user changes, so a login or
 * logout switching between the two never drops a running runner.
 */
function Session({ sessionSync, versionCheck, extensionChecks, flush, pluginSource, children }: { sessionSync: boolean; versionCheck: boolean; extensionChecks: boolean; flush?: () => Promise<void>; pluginSource?: PluginSource; children: ReactNode }) {
  const api = useApi();
  const session = useSession();
  const refresh = useSessionSync(api, sessionSync);
  const plugins = usePluginLoad(session.token ? pluginSource : undefined);
  if (!session.token) return <>{children}</>;
  if (plugins.state === 'failed') return <LoadFailed onRetry={plugins.retry} />;
  if (plugins.state === 'loading') return <PartLoading />;
  return <SignedIn refresh={refresh} versionCheck={versionCheck} extensionChecks={extensionChecks} flush={flush}>{children}</SignedIn>;
}

/** Reads the plugins (and starts on the signed-in code meanwhile); 'ready' at once without a source. */
function usePluginLoad(source: PluginSource | undefined): { state: 'ready' | 'loading' | 'failed'; retry: () => void } {
  const registry = useSyncExternalStore(source?.subscribe ?? noSubscription, () => source?.get() ?? null);
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState(-1);
  useEffect(() => {
    if (!source || registry) return;
    let current = true;
    void SignedIn.preload().catch(() => { /* the part shows its own failure */ });
    source.load().catch(() => { if (current) setFailedAttempt(attempt); });
    return () => { current = false; };
  }, [source, registry, attempt]);
  const retry = () => setAttempt((a) => a + 1);
  if (!source || registry) return { state: 'ready', retry };
  return { state: failedAttempt === attempt ? 'failed' : 'loading', retry };
}

const NONE: readonly LoadedPlugin[] = [];
const NO_REFUSALS: readonly RefusedPlugin[] = [];
const noSubscription = () => () => {};

function PreloadErrors() {
  const { t } = useTranslation();
  useEffect(() => installPreloadErrorHandler(t), [t]);
  return null;
}
