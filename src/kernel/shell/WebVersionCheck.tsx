import { useEffect, useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useApi } from '../KernelProvider';
import { WEB_VERSION } from '../version';
import { setRuntime } from '../api/runtime';
import { API, apiGet } from '../api/endpoints';
import { onVersionRetired } from '../bridge/graph-version';
import { lazyOverlay } from '../core/lazy-overlay';

type VersionDialogProps = { isOpen: boolean; newVersion: string | null };

/**
 * The dialog's code loads when a newer bundle is first found (src/kernel/shell/VersionDialog.tsx). The
 * server may by then serve only the new bundle's files, so when the dialog's cannot be fetched the same
 * words and the update button show as a notice above the page instead.
 */
const VersionDialog = lazyOverlay<VersionDialogProps>(async () => (await import('./VersionDialog')).VersionDialog, 'version dialog', VersionNotice);

export const WEB_VERSION_CHECK_MS = 5 * 60 * 1000;

/**
 * Every 5 minutes: is the server serving a newer web bundle? Then a dialog that cannot be closed
 * offers only the update (a reload). The server reads its version from the build it serves, so a
 * reload always ends the dialog. Failures are only logged. Each read also brings the Graph API
 * version the server holds (src/kernel/bridge/graph-version.ts); a #2635 answer reads it at once.
 */
export function WebVersionCheck({ intervalMs = WEB_VERSION_CHECK_MS }: { intervalMs?: number }) {
  const api = useApi();
  const [newVersion, setNewVersion] = useState<string | null>(null);

  useEffect(() => {
    const check = async () => {
      try {
        const runtime = await apiGet(api, API.runtime.runtime);
        setRuntime(runtime);
        if (runtime.webVersion && runtime.webVersion !== 'unknown' && runtime.webVersion !== WEB_VERSION) setNewVersion(runtime.webVersion);
      } catch (e) {
        console.warn('[tessera] web version check failed', e);
      }
    };
    const timer = setInterval(check, intervalMs);
    // The platform no longer serves the version named: learn the admin's new one now (one read at a time).
    let reading: Promise<void> | null = null;
    const stop = onVersionRetired(() => { reading ??= check().finally(() => { reading = null; }); });
    return () => { clearInterval(timer); stop(); };
  }, [api, intervalMs]);

  return <VersionDialog isOpen={newVersion !== null} newVersion={newVersion} />;
}
WebVersionCheck.displayName = 'WebVersionCheck';

function VersionNotice({ newVersion }: VersionDialogProps) {
  const { t } = useTranslation();
  return (
    <div className="tessera-version-notice" role="alert">
      <Callout intent="primary" icon="updated" title={t('version.title')}>
        <p>{t('version.body', { current: WEB_VERSION, next: newVersion })}</p>
        <Button intent="primary" text={t('version.update')} onClick={() => window.location.reload()} />
      </Callout>
    </div>
  );
}
