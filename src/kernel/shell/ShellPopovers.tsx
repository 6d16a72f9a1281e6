import { Button, Card, Classes, Menu, MenuDivider, MenuItem, NonIdealState, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../KernelProvider';
import { accountApi } from '../auth/account-api';
import { useSession } from '../core/session';
import { useViewAsUser } from '../auth/view-as-user';
import type { PopoverPartProps } from './lazy-popover';
import type { Announcement } from './dashboard/unseen';
import type { AlertsState } from './alerts';
import { lazyPart } from './lazy-part';
import type { WatchAlertView } from '../../../protocol/api/watch';
import type { OpenTab } from './tabs';

/**
 * The watch's alerts in words: a part of its own, loaded when the popover first shows alerts, with every
 * string (the change feed's words are not the first screen's; this module keeps to those).
 */
const AlertList = lazyPart<{ firing: readonly WatchAlertView[]; resolved: readonly WatchAlertView[] }>(
  async () => (await import('./AlertList')).AlertList, 'AlertList', { allStrings: true });

/*
 * The shell's popovers: the navbar's user menu and notifications, the tab bar's menu. This module (and
 * with it Blueprint's PopoverNext, floating-ui, the overlay and the menu components) loads when one of
 * their buttons is first pressed (src/kernel/shell/lazy-popover.tsx; docs/DECISIONS.md, "The dashboard
 * loads what it shows"). Each renders the button its host showed as the popover's target.
 */

/** The user menu's popover: who is logged in, the user centre, the admin's role switch, logout. */
export function UserMenuPopover({ target, defaultIsOpen }: PopoverPartProps) {
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
      defaultIsOpen={defaultIsOpen}
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
      {target}
    </PopoverNext>
  );
}
UserMenuPopover.displayName = 'UserMenuPopover';

/**
 * The bell's popover: the watch's alerts (the firing ones and the latest resolved, once the server
 * answered), then the unseen messages, each with "mark seen", and "mark all seen".
 */
export function NotificationsPopover({ target, defaultIsOpen, list, markSeen, alerts }: PopoverPartProps & {
  list: readonly Announcement[];
  markSeen: (id?: number) => Promise<void>;
  alerts?: AlertsState;
}) {
  const { t, i18n } = useTranslation();
  const format = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const withAlerts = !!alerts && (alerts.loaded || alerts.firing.length > 0);
  return (
    <PopoverNext
      placement="bottom-end"
      defaultIsOpen={defaultIsOpen}
      content={
        <div className="tessera-notifications">
          {withAlerts && <AlertList firing={alerts.firing} resolved={alerts.resolved} />}
          {list.length === 0 ? (
            withAlerts
              ? <div className={Classes.TEXT_MUTED} data-testid="notifications-empty">{t('notifications.empty')}</div>
              : <NonIdealState icon="notifications" description={t('notifications.empty')} />
          ) : (
            <>
              {list.map((m) => (
                <Card key={m.id} compact className="tessera-notification" data-notification-id={m.id}>
                  <div className="tessera-notification-title">{m.title}</div>
                  <div className="tessera-notification-body">{m.content}</div>
                  <div className={`tessera-notification-meta ${Classes.TEXT_MUTED}`}>
                    {format(m.create_time)}
                    <Button size="small" variant="minimal" text={t('notifications.markSeen')} onClick={() => void markSeen(m.id)} />
                  </div>
                </Card>
              ))}
              <Button fill icon="tick" text={t('notifications.markAllSeen')} onClick={() => void markSeen()} />
            </>
          )}
        </div>
      }
    >
      {target}
    </PopoverNext>
  );
}
NotificationsPopover.displayName = 'NotificationsPopover';

/** The tab bar's menu: every open tab (the current one ticked), close the others, close all. */
export function TabsMenuPopover({ target, defaultIsOpen, tabs, activePath, titleOf, onCloseOthers, onCloseAll }: PopoverPartProps & {
  tabs: readonly OpenTab[];
  activePath: string;
  titleOf: (tab: OpenTab) => string;
  onCloseOthers: (path: string) => void;
  onCloseAll: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PopoverNext placement="bottom-end" arrow={false} animation="minimal" defaultIsOpen={defaultIsOpen} content={
      <Menu aria-label={t('tabs.more')} className="tessera-tabbar-menu">
        {tabs.map((tab) => (
          <MenuItem key={tab.path} text={titleOf(tab)} icon={tab.path === activePath ? 'tick' : 'blank'} data-menu-tab-path={tab.path} onClick={() => navigate(tab.path)} />
        ))}
        <MenuDivider />
        <MenuItem icon="cross-circle" text={t('tabs.closeOthers')} onClick={() => onCloseOthers(activePath)} />
        <MenuItem icon="disable" text={t('tabs.closeAll')} onClick={onCloseAll} />
      </Menu>
    }>
      {target}
    </PopoverNext>
  );
}
TabsMenuPopover.displayName = 'TabsMenuPopover';
