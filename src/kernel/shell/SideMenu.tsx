import { Fragment } from 'react';
import { Menu, MenuItem } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useKernel } from '../KernelProvider';
import { menuEntries } from './menu';

export function SideMenu({ width, activePath }: { width: number; activePath: string | null }) {
  const { plugins, user } = useKernel();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (path: string) => (e: React.MouseEvent) => {
    if (e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    navigate(path);
  };
  return (
    <nav className="tessera-sidemenu" style={{ width, minWidth: width }} aria-label={t('menu.label')}>
      <Menu>
        {menuEntries(plugins, null, user?.role).map((entry) => (
          <Fragment key={entry.id}>
            <MenuItem
              icon={entry.icon as never}
              text={t(entry.titleKey, { ns: entry.id })}
              active={(activePath?.startsWith(`/${entry.id}/`) ?? false) && !entry.sub.some((s) => s.path === activePath)}
              href={entry.path}
              onClick={go(entry.path)}
              data-menu-id={entry.id}
              data-menu-path={entry.path}
            />
            {/* the area's other screens, under it */}
            {entry.sub.map((sub) => (
              <MenuItem
                key={sub.path}
                className="tessera-sidemenu-sub"
                text={t(sub.titleKey, { ns: entry.id })}
                active={activePath === sub.path}
                href={sub.path}
                onClick={go(sub.path)}
                data-menu-path={sub.path}
              />
            ))}
          </Fragment>
        ))}
      </Menu>
    </nav>
  );
}
SideMenu.displayName = 'SideMenu';
