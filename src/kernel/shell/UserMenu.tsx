import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../core/session';
import { lazyPopover } from './lazy-popover';

/** The menu's code (Blueprint's popover and menu) loads on the button's first press (src/kernel/shell/lazy-popover.tsx). */
const UserMenuPopover = lazyPopover<object>(async () => (await import('./ShellPopovers')).UserMenuPopover, 'user menu');

/** The navbar's account menu: who is logged in, the user centre, the admin's role switch, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.info) return null;
  const label = session.info.name || session.info.email || t('user.anonymous');
  return <UserMenuPopover target={<Button variant="minimal" icon="user" endIcon="caret-down" text={label} data-testid="user-menu" />} />;
}
UserMenu.displayName = 'UserMenu';
