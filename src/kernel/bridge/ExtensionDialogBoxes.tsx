import { AnchorButton, Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { patchExtensionState, useExtensionState } from './extension-status';
import { useSettings } from '../core/settings';
import { FACEBOOK_LOGIN_URL } from './ExtensionDialogs';

export interface ExtensionDialogBoxesProps {
  isOpen: boolean;
  /** The forced-update dialog. */
  forced: boolean;
  /** 'Please install the extension first'. */
  install: boolean;
  /** 'Please log in to Facebook first'. */
  login: boolean;
}

/**
 * The extension's dialogs: the forced update, 'Please install the extension first' and 'Please log in to
 * Facebook first'. Their code loads when one first opens (src/kernel/bridge/ExtensionDialogs.tsx).
 */
export function ExtensionDialogBoxes({ forced, install, login }: ExtensionDialogBoxesProps) {
  const { t } = useTranslation();
  const ext = useExtensionState();
  const { theme } = useSettings();
  const dark = theme === 'dark' ? 'bp6-dark' : undefined;
  const downloadUrl = ext.latest?.url || undefined;
  const dismiss = (key: keyof typeof ext.dismissed) => patchExtensionState({ dismissed: { ...ext.dismissed, [key]: true } });
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
ExtensionDialogBoxes.displayName = 'ExtensionDialogBoxes';
