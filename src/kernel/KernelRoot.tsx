import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { KernelProvider, useApi, useKernel, type KernelProviderProps } from './KernelProvider';
import { AppRoutes } from './shell/AppRoutes';
import { ThemeController } from './shell/ThemeController';
import { installPreloadErrorHandler } from './shell/preload-error';
import { effectiveEnabled, effectiveUser, useSession } from './auth/session';
import { useSessionSync } from './auth/session-sync';
import { ReloginDialog } from './auth/ReloginDialog';
import { WebVersionCheck } from './shell/WebVersionCheck';
import { useServerMenu } from './shell/server-menu';
import { useDocCatalogueLoader } from './graph/doc-catalogue';
import { useExtensionChecks } from './bridge/extension-status';
import { ExtensionDialogs } from './bridge/ExtensionDialogs';
import { RunnerHost } from './runner/RunnerHost';
import { useRowOutputsRecorder } from './list/use-area-list';
import { CommandPalette } from './runner/CommandPalette';

export type KernelRootProps = Omit<KernelProviderProps, 'children' | 'user' | 'enabled'> & {
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
export function KernelRoot({ sessionSync = true, versionCheck = true, extensionChecks = true, flush, ...props }: KernelRootProps) {
  const session = useSession();
  const user = useMemo(() => effectiveUser(session), [session]);
  const serverMenuIds = session.serverMenu ? session.serverMenu.map((m) => m.id) : null;
  const enabled = useMemo(() => {
    const base = effectiveEnabled(session);
    if (!serverMenuIds) return base;
    return (base ?? props.plugins.map((p) => p.id)).filter((id) => serverMenuIds.includes(id));
  }, [session, serverMenuIds?.join(','), props.plugins]);
  return (
    <KernelProvider {...props} user={user} enabled={enabled}>
      <ThemeController />
      <PreloadErrors />
      <RunnerHost flush={flush}>
        <SessionServices sessionSync={sessionSync} versionCheck={versionCheck} extensionChecks={extensionChecks} />
        <CommandPalette />
        <AppRoutes />
      </RunnerHost>
    </KernelProvider>
  );
}
KernelRoot.displayName = 'KernelRoot';

function SessionServices({ sessionSync, versionCheck, extensionChecks }: { sessionSync: boolean; versionCheck: boolean; extensionChecks: boolean }) {
  const api = useApi();
  const { bridge, i18n } = useKernel();
  const session = useSession();
  const refresh = useSessionSync(api, sessionSync);
  useServerMenu(api);
  useDocCatalogueLoader(api, i18n);
  useRowOutputsRecorder();
  const checking = extensionChecks && !!session.token && !!session.info;
  useExtensionChecks(api, bridge.transport, checking);
  return (
    <>
      <ReloginDialog onLoggedIn={refresh} />
      {checking && <ExtensionDialogs />}
      {versionCheck && <WebVersionCheck />}
    </>
  );
}

function PreloadErrors() {
  const { t } = useTranslation();
  useEffect(() => installPreloadErrorHandler(t), [t]);
  return null;
}
