import { Drawer } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../core/settings';
import { useEscapeFromPage } from '../core/use-escape-from-page';
import { useDrawerSpace } from '../core/drawer-space';
import { lazyPart } from './lazy-part';

const SETTINGS_DRAWER_WIDTH = 360;

/**
 * The drawer's content (src/kernel/shell/SettingsForm.tsx: the forms with Blueprint's numeric input and
 * each plugin's settings form) loads when the drawer first opens, not with the navbar on every screen;
 * a spinner in the drawer meanwhile (docs/DECISIONS.md, "The dashboard loads what it shows"), with
 * every string (the first screen's part has only the drawer's title, docs/PLUGINS.md, "Strings").
 */
const SettingsForm = lazyPart<object>(async () => (await import('./SettingsForm')).SettingsForm, 'SettingsForm', { allStrings: true });

export function SettingsDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  useEscapeFromPage(isOpen, onClose);
  useDrawerSpace(isOpen, `${SETTINGS_DRAWER_WIDTH}px`);
  return (
    <Drawer isOpen={isOpen} onClose={onClose} title={t('settings.title')} icon="cog" size={SETTINGS_DRAWER_WIDTH} className={settings.theme === 'dark' ? 'bp6-dark' : undefined}>
      <SettingsForm />
    </Drawer>
  );
}
SettingsDrawer.displayName = 'SettingsDrawer';
