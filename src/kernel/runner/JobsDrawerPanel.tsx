import { Drawer } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../core/settings';
import { JobsView } from './JobsView';
import { JOBS_DRAWER_SIZE } from './JobsDrawer';
import { WithAllStrings } from '../i18n/AllStrings';

/**
 * The jobs drawer with its panel (a table). Its code loads when the drawer first opens, not with the
 * navbar on every screen (src/kernel/runner/JobsDrawer.tsx; docs/DECISIONS.md, "The dashboard loads what it shows").
 */
export function JobsDrawerPanel({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { theme } = useSettings();
  return (
    <Drawer isOpen={isOpen} onClose={onClose} title={t('runner.jobs')} icon="th-list" size={JOBS_DRAWER_SIZE} className={theme === 'dark' ? 'bp6-dark' : undefined}>
      <div className="tessera-jobs-drawer">
        {/* the panel's words are not the first screen's (docs/PLUGINS.md, "Strings") */}
        <WithAllStrings><JobsView /></WithAllStrings>
      </div>
    </Drawer>
  );
}
JobsDrawerPanel.displayName = 'JobsDrawerPanel';
