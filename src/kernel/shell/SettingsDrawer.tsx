import { Button, Drawer, FormGroup, NumericInput, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS, MENU_WIDTH_RANGE, updateSettings, useSettings, type ShellSettings } from './settings';

type BooleanSetting = { [K in keyof ShellSettings]: ShellSettings[K] extends boolean ? K : never }[keyof ShellSettings];
const SWITCHES: BooleanSetting[] = ['navbar', 'menu', 'topMenu', 'footer', 'tabBar', 'menuFromServer', 'colorWeak'];

export function SettingsDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Drawer isOpen={isOpen} onClose={onClose} title={t('settings.title')} icon="cog" size={360} className={settings.theme === 'dark' ? 'bp6-dark' : undefined}>
      <div className="tessera-settings" role="group" aria-label={t('settings.title')} data-testid="settings-drawer">
        {SWITCHES.map((key) => (
          <Switch key={key} label={t(`settings.${key}`)} checked={settings[key]} onChange={(e) => updateSettings({ [key]: e.currentTarget.checked })} data-setting={key} />
        ))}
        <FormGroup label={t('settings.menuWidth')} labelFor="tessera-menu-width" helperText={t('settings.menuWidthHelp', MENU_WIDTH_RANGE)}>
          <NumericInput
            id="tessera-menu-width"
            min={MENU_WIDTH_RANGE.min}
            max={MENU_WIDTH_RANGE.max}
            stepSize={10}
            value={settings.menuWidth}
            onValueChange={(value) => Number.isFinite(value) && updateSettings({ menuWidth: value })}
          />
        </FormGroup>
        <Button icon="reset" text={t('settings.reset')} onClick={() => updateSettings({ ...DEFAULT_SETTINGS, theme: settings.theme })} />
      </div>
    </Drawer>
  );
}
SettingsDrawer.displayName = 'SettingsDrawer';
