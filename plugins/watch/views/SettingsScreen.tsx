import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { WatchChecksSettings } from '@kernel';
import { RulesSection } from './RulesSection';
import { ChannelsSection } from './ChannelsSection';
import { QuietHoursSection } from './QuietHoursSection';
import { TeamScopeNote } from './team-scope';
import './settings.css';

/**
 * The screen's sections, top to bottom; each loads and saves its own part of the watch's settings
 * (docs/DECISIONS.md, "The watch: the operator's settings screen").
 */
const SECTIONS: readonly { key: string; Section: ComponentType }[] = [
  { key: 'rules', Section: RulesSection },
  { key: 'channels', Section: ChannelsSection },
  { key: 'quiet', Section: QuietHoursSection },
  // the kernel's: each check comes from the areas' manifests (src/kernel/list/WatchChecksSettings.tsx)
  { key: 'checks', Section: WatchChecksSettings },
];

/** The operator's alerts: which rules, which channels, quiet hours (issue 34 item 3), and the scheduled checks (item 4). */
export default function SettingsScreen() {
  const { t } = useTranslation('watch');
  return (
    <div className="tessera-watch-screen tessera-watch-settings" data-testid="watch-settings">
      <h2 className="bp6-heading">{t('settings.heading')}</h2>
      <p className="bp6-text-muted">{t('settings.intro')}</p>
      <TeamScopeNote />
      {SECTIONS.map(({ key, Section }) => <Section key={key} />)}
    </div>
  );
}
