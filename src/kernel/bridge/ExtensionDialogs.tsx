import { AnchorButton, Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { patchExtensionState, useExtensionState } from './extension-status';
import { lazyOverlay } from '../core/lazy-overlay';
import type { ExtensionDialogBoxesProps } from './ExtensionDialogBoxes';

export const FACEBOOK_LOGIN_URL = 'https://www.facebook.com/login';

/**
 * The three dialogs (Blueprint's Dialog and its overlay) load when one first opens, not at sign-in
 * (src/kernel/bridge/ExtensionDialogBoxes.tsx; docs/DECISIONS.md, "The dashboard loads what it shows").
 */
const ExtensionDialogBoxes = lazyOverlay<ExtensionDialogBoxesProps>(async () => (await import('./ExtensionDialogBoxes')).ExtensionDialogBoxes, 'extension dialogs');

/**
 * The extension's warnings: the forced-update dialog, the optional-update notice, and on the
 * dashboard only 'Please install the extension first' and 'Please log in to Facebook first'. This
 * module decides which shows; the dialogs themselves are in ExtensionDialogBoxes.tsx.
 */
export function ExtensionDialogs() {
  const { t } = useTranslation();
  const ext = useExtensionState();
  const { pathname } = useLocation();
  const onDashboard = pathname === '/dashboard/index';
  const downloadUrl = ext.latest?.url || undefined;
  const dismiss = (key: keyof typeof ext.dismissed) => patchExtensionState({ dismissed: { ...ext.dismissed, [key]: true } });

  const forced = ext.status === 'needUpdate';
  const install = onDashboard && ext.status === 'needInstall' && !ext.dismissed.install;
  const login = onDashboard && !install && ext.identityChecked && ext.identity === null && ext.status !== 'needInstall' && ext.status !== 'loading' && !ext.dismissed.login;

  return (
    <>
      <ExtensionDialogBoxes isOpen={forced || install || login} forced={forced} install={install} login={login} />
      {ext.status === 'needChoseUpdate' && !ext.dismissed.optional && (
        <Callout intent="primary" icon="updated" className="tessera-extension-notice" title={t('extension.optionalTitle', { latest: ext.latest?.version ?? '' })}>
          {t('extension.optionalBody')}{' '}
          {downloadUrl && <AnchorButton size="small" variant="minimal" icon="download" text={t('extension.download')} href={downloadUrl} target="_blank" rel="noopener noreferrer" />}
          <Button size="small" variant="minimal" text={t('extension.later')} onClick={() => dismiss('optional')} />
        </Callout>
      )}
    </>
  );
}
ExtensionDialogs.displayName = 'ExtensionDialogs';
