import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OpenTab } from './tabs';

export interface TabBarProps {
  tabs: OpenTab[];
  activePath: string | null;
  onClose: (path: string) => void;
  onReload: (path: string) => void;
  onCloseOthers: (path: string) => void;
}

export function TabBar({ tabs, activePath, onClose, onReload, onCloseOthers }: TabBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="tessera-tabbar" role="tablist" aria-label={t('tabs.label')}>
      {tabs.map((tab) => {
        const active = tab.path === activePath;
        return (
          <Tag
            key={tab.path}
            htmlTitle={tab.cached ? t('tabs.cached') : undefined}
            interactive
            large
            minimal={!active}
            intent={active ? 'primary' : 'none'}
            onClick={() => navigate(tab.path)}
            onRemove={tabs.length > 1 ? (e) => { e.stopPropagation(); onClose(tab.path); } : undefined}
          >
            <span role="tab" aria-selected={active} data-tab-path={tab.path}>{t(tab.titleKey, { ns: tab.pluginId })}</span>
          </Tag>
        );
      })}
      {activePath && (
        <span className="tessera-tabbar-actions">
          <Button size="small" variant="minimal" icon="refresh" aria-label={t('tabs.reload')} title={t('tabs.reload')} onClick={() => onReload(activePath)} />
          {tabs.length > 1 && (
            <Button size="small" variant="minimal" icon="cross-circle" aria-label={t('tabs.closeOthers')} title={t('tabs.closeOthers')} onClick={() => onCloseOthers(activePath)} />
          )}
        </span>
      )}
    </div>
  );
}
TabBar.displayName = 'TabBar';
