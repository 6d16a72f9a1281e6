import { AnchorButton, Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { patchExtensionState, useExtensionState } from './extension-status';
import { useSettings } from '../core/settings';

export const FACEBOOK_LOGIN_URL = 'https://www.facebook.com/login';

/**
 * The extension's warnings: the forced-update dialog, the optional-update notice, and on the
 * dashboard only 'Please install the extension first' and 'Please log in to Facebook first'.
 */
export function ExtensionDialogs() {
  const { t } = useTranslation();
  const ext = useExtensionState();
  const { pathname } = useLocation();
  const { theme } = useSettings();
  const dark = theme === 'dark' ? 'bp6-dark' : undefined;
  const onDashboard = pathname === '/dashboard/index';
  const downloadUrl = ext.latest?.url || undefined;
  const dismiss = (key: keyof typeof ext.dismissed) => patchExtensionState({ dismissed: { ...ext.dismissed, [key]: true } });

  const forced = ext.status === 'needUpdate';
  const install = onDashboard && ext.status === 'needInstall' && !ext.dismissed.install;
  const login = onDashboard && !install && ext.identityChecked && ext.identity === null && ext.status !== 'needInstall' && ext.status !== 'loading' && !ext.dismissed.login;

  return (
    <>
      <Dialog isOpen={forced} title={t('extension.forcedTitle')} icon="updated" isCloseButtonShown={false} canEscapeKeyClose={false} canOutsideClickClose={false} className={dark}>
        <DialogBody>
          <p>{t('extension.forcedBody', { current: ext.version ?? '?', latest: ext.latest?.version ?? '?' })}</p>
          {ext.latest?.description && <p className="tessera-pre">{ext.latest.description}</p>}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('extension.reload')} onClick={() => window.location.reload()} />
          <AnchorButton intent="primary" icon="download" text={t('extension.download')} href={downloadUrl} target="_blank" rel="noopener noreferrer" disabled={!downloadUrl} />
        </>} />
      </Dialog>
      {ext.status === 'needChoseUpdate' && !ext.dismissed.optional && (
        <Callout intent="primary" icon="updated" className="tessera-extension-notice" title={t('extension.optionalTitle', { latest: ext.latest?.version ?? '' })}>
          {t('extension.optionalBody')}{' '}
          {downloadUrl && <AnchorButton size="small" variant="minimal" icon="download" text={t('extension.download')} href={downloadUrl} target="_blank" rel="noopener noreferrer" />}
          <Button size="small" variant="minimal" text={t('extension.later')} onClick={() => dismiss('optional')} />
        </Callout>
      )}
      <Dialog isOpen={install} title={t('extension.installTitle')} icon="warning-sign" onClose={() => dismiss('install')} className={dark}>
        <DialogBody>
          <p>{t('extension.installBody')}</p>
          {ext.probedId && <Callout intent="warning">{t('extension.installedElsewhere', { id: ext.probedId })}</Callout>}
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('extension.iKnow')} onClick={() => dismiss('install')} />
          <AnchorButton intent="primary" icon="download" text={t('extension.toDownload')} href={downloadUrl} target="_blank" rel="noopener noreferrer" disabled={!downloadUrl} />
        </>} />
      </Dialog>
      <Dialog isOpen={login} title={t('extension.loginTitle')} icon="warning-sign" onClose={() => dismiss('login')} className={dark}>
        <DialogBody>{t('extension.loginBody')}</DialogBody>
        <DialogFooter actions={<>
          <Button text={t('extension.iKnow')} onClick={() => dismiss('login')} />
          <AnchorButton intent="primary" icon="log-in" text={t('extension.toLogin')} href={FACEBOOK_LOGIN_URL} target="_blank" rel="noopener noreferrer" />
        </>} />
      </Dialog>
    </>
  );
}
ExtensionDialogs.displayName = 'ExtensionDialogs';
