import { Fragment, type KeyboardEvent, type MouseEvent } from 'react';
import { Classes, Icon, Text } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useKernel } from '../KernelProvider';
import { menuEntries } from './menu';

/**
 * The side menu: the areas in order, each with its other screens under it. Drawn with Blueprint's
 * menu classes rather than its `Menu`/`MenuItem` components: `MenuItem` imports the popover it uses for
 * submenus (PopoverNext with floating-ui and the overlay), which the first screen would load for a menu
 * that has no submenu (docs/DECISIONS.md, "The dashboard loads what it shows"). The markup is
 * MenuItem's: a `ul[role=menu].bp6-menu`, `li[role=none]`, `a[role=menuitem].bp6-menu-item` (`bp6-active`
 * on the current screen), the icon hidden from screen readers, the text cut with its full text as a
 * title; each item is a Tab stop and Enter or Space follows it, as MenuItem does.
 */
export function SideMenu({ width, activePath }: { width: number; activePath: string | null }) {
  const { plugins, user } = useKernel();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (path: string) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    navigate(path);
  };
  return (
    <nav className="tessera-sidemenu" style={{ width, minWidth: width }} aria-label={t('menu.label')}>
      <ul role="menu" className={Classes.MENU}>
        {menuEntries(plugins, null, user?.role).map((entry) => (
          <Fragment key={entry.id}>
            <SideMenuItem
              icon={entry.icon}
              text={t(entry.titleKey, { ns: entry.id })}
              active={(activePath?.startsWith(`/${entry.id}/`) ?? false) && !entry.sub.some((s) => s.path === activePath)}
              href={entry.path}
              onClick={go(entry.path)}
              data-menu-id={entry.id}
            />
            {/* the area's other screens, under it */}
            {entry.sub.map((sub) => (
              <SideMenuItem
                key={sub.path}
                className="tessera-sidemenu-sub"
                text={t(sub.titleKey, { ns: entry.id })}
                active={activePath === sub.path}
                href={sub.path}
                onClick={go(sub.path)}
                data-menu-if={sub.menuIf}
              />
            ))}
          </Fragment>
        ))}
      </ul>
    </nav>
  );
}
SideMenu.displayName = 'SideMenu';

function SideMenuItem({ icon, text, active, href, className, onClick, ...data }: {
  icon?: string;
  text: string;
  active: boolean;
  href: string;
  className?: string;
  onClick: (e: MouseEvent) => void;
  'data-menu-id'?: string;
  /** a screen listed only while its condition holds (`menuIf`, src/kernel/api/my-invites.ts: hidden by shell.css) */
  'data-menu-if'?: string;
}) {
  const classes = [Classes.MENU_ITEM, Classes.POPOVER_DISMISS, active ? Classes.ACTIVE : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <li role="none">
      <a role="menuitem" tabIndex={0} className={classes} href={href} onClick={onClick} onKeyDown={clickOnEnterOrSpace} data-menu-path={href} {...data}>
        {icon && <span className={Classes.MENU_ITEM_ICON} aria-hidden><Icon icon={icon as never} tabIndex={-1} /></span>}
        <Text className={Classes.FILL} ellipsize>{text}</Text>
      </a>
    </li>
  );
}

/** MenuItem's keys: Enter and Space click the item (Space without scrolling the page). */
function clickOnEnterOrSpace(e: KeyboardEvent<HTMLAnchorElement>) {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  e.preventDefault();
  e.currentTarget.dispatchEvent(new window.MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, altKey: e.altKey }));
}
