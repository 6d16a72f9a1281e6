import { useRef, type KeyboardEvent } from 'react';
import { Button, Classes } from '@blueprintjs/core';
import { SmallCrossIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MeasureText, useFitCount } from '../table/fit';
import { HOME_PATH, visibleTabs, type OpenTab } from './tabs';
import { lazyPopover } from './lazy-popover';

/** The menu of every tab loads on its button's first press (src/kernel/shell/lazy-popover.tsx). */
const TabsMenuPopover = lazyPopover<{
  tabs: readonly OpenTab[];
  activePath: string;
  titleOf: (tab: OpenTab) => string;
  onCloseOthers: (path: string) => void;
  onCloseAll: () => void;
}>(async () => (await import('./ShellPopovers')).TabsMenuPopover, 'tab menu');

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
 *
 * For the keyboard the bar is one stop (docs/DECISIONS.md, "Every screen an operator's screen"): Tab
 * reaches the current screen's tab, the arrow keys (Home, End) move between the tabs, Enter opens one,
 * Delete closes it. Each tab's close button says which tab it closes ("Close tab Ad accounts"); it is
 * a click target and is read by screen readers, not a stop of its own. The bar is a navigation landmark
 * of buttons (the current one `aria-current="page"`), not an ARIA tablist: a tablist may hold nothing
 * but tabs, and a tab nothing interactive, so a close button would break either.
 */
export function TabBar({ tabs, activePath, onClose, onReload, onCloseOthers }: TabBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleOf = (tab: OpenTab) => t(tab.titleKey, { ns: tab.pluginId });
  const { boxRef, measureRef, shown } = useFitCount(tabs.map(titleOf).join('\u0000'), 6, 0);
  const visible = visibleTabs(tabs, activePath, shown);
  const hiddenCount = tabs.length - visible.length;
  const listRef = useRef<HTMLUListElement>(null);
  const closable = tabs.length > 1;
  const closeAll = () => {
    onCloseOthers(HOME_PATH);
    navigate(HOME_PATH);
  };
  const focusTab = (path: string | undefined) => {
    const tab = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-tab-path]') ?? [])].find((el) => el.dataset.tabPath === path);
    tab?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const at = (i: number) => visible[(i + visible.length) % visible.length]?.path;
    switch (event.key) {
      case 'ArrowRight': focusTab(at(index + 1)); break;
      case 'ArrowLeft': focusTab(at(index - 1)); break;
      case 'Home': focusTab(at(0)); break;
      case 'End': focusTab(at(visible.length - 1)); break;
      case 'Delete':
        if (!closable) return;
        onClose(visible[index].path);
        focusTab(at(index + 1 < visible.length ? index + 1 : index - 1));
        break;
      default: return;
    }
    event.preventDefault();
  };
  // The one tab in the page's Tab order: the current screen's, else the first.
  const stop = visible.some((tab) => tab.path === activePath) ? activePath : visible[0]?.path;
  return (
    <nav className="tessera-tabbar" aria-label={t('tabs.label')}>
      <div className="tessera-tabbar-tabs" ref={boxRef}>
        <div className="tessera-tabbar-measure" ref={measureRef} aria-hidden inert>
          {tabs.map((tab) => (
            <span key={tab.path} className={`${Classes.TAG} ${Classes.LARGE} tessera-tab`}>
              <span className="tessera-tab-title"><MeasureText text={titleOf(tab)} /></span>
              {closable && <span className={`${Classes.TAG_REMOVE} tessera-tab-close`}><SmallCrossIcon /></span>}
            </span>
          ))}
        </div>
        <ul className="tessera-tabbar-list" ref={listRef}>
          {visible.map((tab, index) => {
            const active = tab.path === activePath;
            const title = titleOf(tab);
            const classes = `${Classes.TAG} ${Classes.LARGE} ${Classes.INTERACTIVE} tessera-tab ${active ? Classes.INTENT_PRIMARY : Classes.MINIMAL}`;
            return (
              <li key={tab.path} className={classes} data-active={active || undefined}>
                <button
                  type="button"
                  className="tessera-tab-title"
                  aria-current={active ? 'page' : undefined}
                  title={tab.cached ? `${title} · ${t('tabs.cached')}` : title}
                  tabIndex={tab.path === stop ? 0 : -1}
                  data-tab-path={tab.path}
                  onClick={() => navigate(tab.path)}
                  onKeyDown={(event) => onKeyDown(event, index)}
                >
                  {title}
                </button>
                {closable && (
                  <button type="button" className={`${Classes.TAG_REMOVE} tessera-tab-close`} tabIndex={-1} aria-label={t('tabs.close', { title })} title={t('tabs.close', { title })}
                    data-close-tab={tab.path} onClick={(e) => { e.stopPropagation(); onClose(tab.path); }}>
                    <SmallCrossIcon />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      {activePath && (
        <span className="tessera-tabbar-actions">
          <Button size="small" variant="minimal" icon="refresh" aria-label={t('tabs.reload')} title={t('tabs.reload')} onClick={() => onReload(activePath)} />
          {tabs.length > 1 && (
            <TabsMenuPopover tabs={tabs} activePath={activePath} titleOf={titleOf} onCloseOthers={onCloseOthers} onCloseAll={closeAll} target={
              <Button size="small" variant="minimal" icon="more" className="tessera-tabbar-more" aria-label={t('tabs.more')} title={t('tabs.more')}
                text={hiddenCount > 0 ? t('tabs.hidden', { count: hiddenCount }) : undefined} data-hidden-tabs={hiddenCount} />
            } />
          )}
        </span>
      )}
    </nav>
  );
}
TabBar.displayName = 'TabBar';
