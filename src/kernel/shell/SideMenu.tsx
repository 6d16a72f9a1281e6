import { Menu, MenuItem } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useKernel } from '../KernelProvider';
import { menuEntries } from './menu';

export function SideMenu({ width, activePath }: { width: number; activePath: string | null }) {
  const { plugins } = useKernel();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className="tessera-sidemenu" style={{ width, minWidth: width }} aria-label={t('menu.label')}>
      <Menu>
        {menuEntries(plugins).map((entry) => (
          <MenuItem
            key={entry.id}
            icon={entry.icon as never}
            text={t(entry.titleKey, { ns: entry.id })}
            active={activePath?.startsWith(`/${entry.id}/`) ?? false}
            href={entry.path}
            onClick={(e: React.MouseEvent) => {
              if (e.metaKey || e.ctrlKey) return;
              e.preventDefault();
              navigate(entry.path);
            }}
            data-menu-id={entry.id}
          />
        ))}
      </Menu>
    </nav>
  );
}
SideMenu.displayName = 'SideMenu';
