import { Button, Drawer, FormGroup, NumericInput, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SETTINGS, MENU_WIDTH_RANGE, updateSettings, useSettings, type ShellSettings } from '../core/settings';
import { PluginSettings } from './PluginSettings';
import { WithAllStrings } from '../i18n/AllStrings';
import { SETTINGS_DRAWER_WIDTH } from './SettingsDrawer';
import { CONFIRM_ABOVE_RANGE, PACE_RANGE, updateRunnerSettings, useRunnerSettings } from '../runner/runner-settings';

type BooleanSetting = { [K in keyof ShellSettings]: ShellSettings[K] extends boolean ? K : never }[keyof ShellSettings];
const SWITCHES: BooleanSetting[] = ['navbar', 'menu', 'topMenu', 'footer', 'tabBar', 'menuFromServer', 'colorWeak'];

/**
 * The settings drawer. Its code (the drawer, the forms, Blueprint's numeric input) loads when the drawer
 * first opens (src/kernel/shell/SettingsDrawer.tsx).
 */
export function SettingsPanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Drawer isOpen={isOpen} onClose={onClose} title={t('settings.title')} icon="cog" size={SETTINGS_DRAWER_WIDTH} className={settings.theme === 'dark' ? 'bp6-dark' : undefined}>
      <WithAllStrings><SettingsForm /></WithAllStrings>
    </Drawer>
  );
}
SettingsPanel.displayName = 'SettingsPanel';

/** The settings drawer's content: the shell's switches, the runner's settings and each plugin's settings form. */
export function SettingsForm() {
  const { t } = useTranslation();
  const settings = useSettings();
  const runner = useRunnerSettings();
  return (
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
      <h4 className="tessera-settings-heading">{t('runner.settingsTitle')}</h4>
      <FormGroup label={t('runner.paceFactor')} labelFor="tessera-pace" helperText={t('runner.paceFactorHelp')}>
        <NumericInput id="tessera-pace" min={PACE_RANGE.min} max={PACE_RANGE.max} stepSize={0.1} minorStepSize={0.01} value={runner.paceFactor}
          onValueChange={(value) => Number.isFinite(value) && value > 0 && updateRunnerSettings({ paceFactor: value })} />
      </FormGroup>
      <FormGroup label={t('runner.confirmAbove')} labelFor="tessera-confirm-above" helperText={t('runner.confirmAboveHelp')}>
        <NumericInput id="tessera-confirm-above" data-testid="settings-confirm-above" min={CONFIRM_ABOVE_RANGE.min} max={CONFIRM_ABOVE_RANGE.max} stepSize={10} minorStepSize={1} value={runner.confirmAbove}
          onValueChange={(value) => Number.isFinite(value) && value >= CONFIRM_ABOVE_RANGE.min && updateRunnerSettings({ confirmAbove: value })} />
      </FormGroup>
      <Switch label={t('runner.autoResume')} checked={runner.autoResume} onChange={(e) => updateRunnerSettings({ autoResume: e.currentTarget.checked })} />
      <Switch label={t('check.daily')} checked={runner.dailyCheck} onChange={(e) => updateRunnerSettings({ dailyCheck: e.currentTarget.checked })} data-testid="settings-daily-check" />
      <PluginSettings />
      <Button icon="reset" text={t('settings.reset')} onClick={() => updateSettings({ ...DEFAULT_SETTINGS, theme: settings.theme })} />
    </div>
  );
}
SettingsForm.displayName = 'SettingsForm';
