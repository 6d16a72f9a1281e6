import { useEffect, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useApi } from '../KernelProvider';
import { WEB_VERSION } from '../version';
import { setRuntime } from '../api/runtime';
import { API, apiGet } from '../api/endpoints';
import { useSettings } from '../core/settings';
import { onVersionRetired } from '../bridge/graph-version';

export const WEB_VERSION_CHECK_MS = 5 * 60 * 1000;

/**
 * Every 5 minutes: is the server serving a newer web bundle? Then a dialog that cannot be closed
 * offers only the update (a reload). The server reads its version from the build it serves, so a
 * reload always ends the dialog. Failures are only logged. Each read also brings the Graph API
 * version the server holds (src/kernel/bridge/graph-version.ts); a #2635 answer reads it at once.
 */
export function WebVersionCheck({ intervalMs = WEB_VERSION_CHECK_MS }: { intervalMs?: number }) {
  const api = useApi();
  const { t } = useTranslation();
  const { theme } = useSettings();
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

  return (
    <Dialog isOpen={newVersion !== null} title={t('version.title')} icon="updated" isCloseButtonShown={false} canEscapeKeyClose={false} canOutsideClickClose={false}
      className={theme === 'dark' ? 'bp6-dark' : undefined}>
      <DialogBody>{t('version.body', { current: WEB_VERSION, next: newVersion })}</DialogBody>
      <DialogFooter actions={<Button intent="primary" text={t('version.update')} onClick={() => window.location.reload()} />} />
    </Dialog>
  );
}
WebVersionCheck.displayName = 'WebVersionCheck';
