import type { ReactNode } from 'react';
import { Button, Card, HTMLSelect, H3 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LOCALES } from '../../i18n';
import { updateSettings, useSettings } from '../../core/settings';

const LOCALE_LABELS: Record<string, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/** The frame of the public account screens: brand, language and theme switches, a centred card. */
export function AccountFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { theme } = useSettings();
  return (
    <div className="tessera-account-page">
      <div className="tessera-account-corner">
        <HTMLSelect minimal aria-label={t('navbar.language')} value={i18n.language} onChange={(e) => void i18n.changeLanguage(e.currentTarget.value)}
          options={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))} />
        <Button variant="minimal" icon={theme === 'dark' ? 'flash' : 'moon'} aria-label={theme === 'dark' ? t('navbar.lightTheme') : t('navbar.darkTheme')}
          onClick={() => updateSettings({ theme: theme === 'dark' ? 'light' : 'dark' })} />
      </div>
      <Card className="tessera-account-card" elevation={2}>
        <div className="tessera-account-brand"><img src="/favicon.svg" alt="" width={28} height={28} /> Tessera</div>
        <H3>{title}</H3>
        {children}
      </Card>
    </div>
  );
}
AccountFrame.displayName = 'AccountFrame';
