import { Alignment, Button, HTMLSelect, Icon, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useKernel } from '../KernelProvider';
import { SUPPORTED_LOCALES } from '../i18n';
import { updateSettings, useSettings } from '../core/settings';
import { menuEntries } from './menu';
import type { ReactNode } from 'react';
import { UserMenu } from './UserMenu';
import { JobsButton } from '../runner/JobsDrawer';
import { NotificationBell } from './NotificationBell';
import { TeamSwitcher } from './TeamSwitcher';
import { useViewAsUser } from '../auth/view-as-user';
import { Tag } from '@blueprintjs/core';

const LOCALE_LABELS: Record<string, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** Slot for navbar items that later parts add (notification bell, user menu, sandbox tag). */
export interface TopNavbarProps {
  showTopMenu: boolean;
  onOpenSettings: () => void;
  extra?: ReactNode;
}

export function TopNavbar({ showTopMenu, onOpenSettings, extra }: TopNavbarProps) {
  const { t, i18n } = useTranslation();
  const { plugins, bus } = useKernel();
  const settings = useSettings();
  const navigate = useNavigate();
  const dark = settings.theme === 'dark';
  const viewAs = useViewAsUser();
  const { bridge } = useKernel();

  const changeLocale = (locale: string) => {
    void i18n.changeLanguage(locale);
    bus.emit('locale:changed', { locale });
  };
  const toggleTheme = () => {
    const theme = dark ? 'light' : 'dark';
    updateSettings({ theme });
    bus.emit('theme:changed', { theme });
  };

  return (
    <Navbar className="tessera-navbar">
      <NavbarGroup align={Alignment.START}>
        <NavbarHeading>
          <Link to="/dashboard/index" className="tessera-brand">
            <img src="/favicon.svg" alt="" width={20} height={20} /> Tessera
          </Link>
        </NavbarHeading>
        {showTopMenu && (
          <>
            <NavbarDivider />
            {menuEntries(plugins).map((entry) => (
              <Button key={entry.id} variant="minimal" icon={<Icon icon={entry.icon as never} />} text={t(entry.titleKey, { ns: entry.id })} onClick={() => navigate(entry.path)} />
            ))}
          </>
        )}
      </NavbarGroup>
      <NavbarGroup align={Alignment.END}>
        {extra}
        <TeamSwitcher />
        {bridge.transport.kind === 'demo' && (
          <Tag intent="warning" icon="lab-test" large title={t('extension.sandboxHint')} data-testid="sandbox-tag">{t('extension.sandbox')}</Tag>
        )}
        {viewAs.active && <Tag intent="warning" icon="eye-open" interactive onClick={() => void viewAs.toggle()}>{t('user.viewingAsUser')}</Tag>}
        <Button variant="minimal" icon="search" aria-label={t('runner.palette')} title={`${t('runner.palette')} (Ctrl+K)`} onClick={() => bus.emit('palette:opened', undefined)} />
        <JobsButton />
        <NotificationBell />
        <HTMLSelect
          aria-label={t('navbar.language')}
          value={i18n.language}
          onChange={(e) => changeLocale(e.currentTarget.value)}
          options={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))}
          minimal
        />
        <Button
          variant="minimal"
          icon={dark ? 'flash' : 'moon'}
          aria-label={dark ? t('navbar.lightTheme') : t('navbar.darkTheme')}
          title={dark ? t('navbar.lightTheme') : t('navbar.darkTheme')}
          data-testid="theme-toggle"
          onClick={toggleTheme}
        />
        <Button variant="minimal" icon="cog" aria-label={t('navbar.settings')} title={t('navbar.settings')} onClick={onOpenSettings} />
        <UserMenu />
      </NavbarGroup>
    </Navbar>
  );
}
TopNavbar.displayName = 'TopNavbar';
