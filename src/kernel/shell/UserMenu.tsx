import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../KernelProvider';
import { accountApi } from '../auth/account-api';
import { useSession } from '../core/session';
import { useViewAsUser } from '../auth/view-as-user';

/** The navbar's account menu: who is logged in, the user centre, the admin's role switch, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const session = useSession();
  const viewAs = useViewAsUser();
  if (!session.info) return null;
  const label = session.info.name || session.info.email || t('user.anonymous');
  const logout = async () => {
    await accountApi.logout(api);
    navigate('/login/login', { replace: true });
  };
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          <MenuItem icon="id-number" text={t('user.signedInAs', { email: session.info.email ?? label })} disabled />
          <MenuItem icon="badge" text={t('user.role', { role: t(`user.roles.${viewAs.active ? 'user' : session.info.role}`) })} disabled />
          <MenuDivider />
          <MenuItem icon="user" text={t('user.centre')} onClick={() => navigate('/user/index')} />
          {viewAs.available && (
            <MenuItem icon="swap-horizontal" text={viewAs.active ? t('user.viewAsAdmin') : t('user.viewAsUser')} onClick={() => void viewAs.toggle()} data-testid="view-as-user" />
          )}
          <MenuDivider />
          <MenuItem icon="log-out" intent="danger" text={t('user.logout')} onClick={() => void logout()} />
        </Menu>
      }
    >
      <Button variant="minimal" icon="user" endIcon="caret-down" text={label} data-testid="user-menu" />
    </PopoverNext>
  );
}
UserMenu.displayName = 'UserMenu';
