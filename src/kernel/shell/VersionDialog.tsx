import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { WEB_VERSION } from '../version';
import { useSettings } from '../core/settings';

/**
 * The dialog that offers only the update to a newer web bundle. Its code loads when the check first
 * finds one (src/kernel/shell/WebVersionCheck.tsx).
 */
export function VersionDialog({ isOpen, newVersion }: { isOpen: boolean; newVersion: string | null }) {
  const { t } = useTranslation();
  const { theme } = useSettings();
  return (
    <Dialog isOpen={isOpen} title={t('version.title')} icon="updated" isCloseButtonShown={false} canEscapeKeyClose={false} canOutsideClickClose={false}
      className={theme === 'dark' ? 'bp6-dark' : undefined}>
      <DialogBody>{t('version.body', { current: WEB_VERSION, next: newVersion })}</DialogBody>
      <DialogFooter actions={<Button intent="primary" text={t('version.update')} onClick={() => window.location.reload()} />} />
    </Dialog>
  );
}
VersionDialog.displayName = 'VersionDialog';
