import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MeasureText, useFitCount } from '../table/TableToolbar';
import { HOME_PATH, visibleTabs, type OpenTab } from './tabs';

export interface TabBarProps {
  tabs: OpenTab[];
  activePath: string | null;
  onClose: (path: string) => void;
  onReload: (path: string) => void;
  onCloseOthers: (path: string) => void;
}

/**
 * The open screens. The tabs that do not fit stay reachable from the menu at the end (which also
 * closes the others or all of them); the active tab is always shown, and a long title is cut with
 * its full text as a tooltip.
 */
export function TabBar({ tabs, activePath, onClose, onReload, onCloseOthers }: TabBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleOf = (tab: OpenTab) => t(tab.titleKey, { ns: tab.pluginId });
  const { boxRef, measureRef, shown } = useFitCount(tabs.map(titleOf).join('\u0000'), 6, 0);
  const visible = visibleTabs(tabs, activePath, shown);
  const hiddenCount = tabs.length - visible.length;
  const closeAll = () => {
    onCloseOthers(HOME_PATH);
    navigate(HOME_PATH);
  };
  return (
    <div className="tessera-tabbar" role="tablist" aria-label={t('tabs.label')}>
      <div className="tessera-tabbar-tabs" ref={boxRef}>
        <div className="tessera-tabbar-measure" ref={measureRef} aria-hidden inert>
          {tabs.map((tab) => <Tag key={tab.path} large onRemove={tabs.length > 1 ? () => undefined : undefined}><MeasureText text={titleOf(tab)} /></Tag>)}
        </div>
        {visible.map((tab) => {
          const active = tab.path === activePath;
          const title = titleOf(tab);
          return (
            <Tag
              key={tab.path}
              className="tessera-tab"
              htmlTitle={tab.cached ? `${title} · ${t('tabs.cached')}` : title}
              interactive
              large
              minimal={!active}
              intent={active ? 'primary' : 'none'}
              onClick={() => navigate(tab.path)}
              onRemove={tabs.length > 1 ? (e) => { e.stopPropagation(); onClose(tab.path); } : undefined}
            >
              <span role="tab" aria-selected={active} data-tab-path={tab.path}>{title}</span>
            </Tag>
          );
        })}
      </div>
      {activePath && (
        <span className="tessera-tabbar-actions">
          <Button size="small" variant="minimal" icon="refresh" aria-label={t('tabs.reload')} title={t('tabs.reload')} onClick={() => onReload(activePath)} />
          {tabs.length > 1 && (
            <PopoverNext placement="bottom-end" arrow={false} animation="minimal" content={
              <Menu aria-label={t('tabs.more')} className="tessera-tabbar-menu">
                {tabs.map((tab) => (
                  <MenuItem key={tab.path} text={titleOf(tab)} icon={tab.path === activePath ? 'tick' : 'blank'} data-menu-tab-path={tab.path} onClick={() => navigate(tab.path)} />
                ))}
                <MenuDivider />
                <MenuItem icon="cross-circle" text={t('tabs.closeOthers')} onClick={() => onCloseOthers(activePath)} />
                <MenuItem icon="disable" text={t('tabs.closeAll')} onClick={closeAll} />
              </Menu>
            }>
              <Button size="small" variant="minimal" icon="more" className="tessera-tabbar-more" aria-label={t('tabs.more')} title={t('tabs.more')}
                text={hiddenCount > 0 ? t('tabs.hidden', { count: hiddenCount }) : undefined} data-hidden-tabs={hiddenCount} />
            </PopoverNext>
          )}
        </span>
      )}
    </div>
  );
}
TabBar.displayName = 'TabBar';
