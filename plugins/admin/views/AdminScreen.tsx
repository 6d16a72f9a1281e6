import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UsersPanel } from './UsersPanel';
import { PolicyPanel } from './PolicyPanel';
import { ServicesPanel } from './ServicesPanel';
import { ExtensionPanel } from './ExtensionPanel';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { OrdersPanel } from './OrdersPanel';
import { GraphqlDocsPanel } from './GraphqlDocsPanel';
import { PlatformPanel } from './PlatformPanel';

/** The tabs a link may open with `?tab=` (the runner's #2635 hint links to `platform`). */
const TABS = ['users', 'policy', 'services', 'orders', 'extension', 'announcements', 'graphqlDocs', 'platform'] as const;

export default function AdminScreen() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const selected = TABS.find((id) => id === asked) ?? 'users';
  return (
    <div className="tessera-admin">
      <Tabs id="admin-tabs" renderActiveTabPanelOnly large selectedTabId={selected}
        onChange={(id) => setSearch((s) => { const next = new URLSearchParams(s); next.set('tab', String(id)); return next; }, { replace: true })}>
        <Tab id="users" title={t('tabs.users')} panel={<UsersPanel />} />
        <Tab id="policy" title={t('tabs.policy')} panel={<PolicyPanel />} />
        <Tab id="services" title={t('tabs.services')} panel={<ServicesPanel />} />
        <Tab id="orders" title={t('tabs.orders')} panel={<OrdersPanel />} />
        <Tab id="extension" title={t('tabs.extension')} panel={<ExtensionPanel />} />
        <Tab id="announcements" title={t('tabs.announcements')} panel={<AnnouncementsPanel />} />
        <Tab id="graphqlDocs" title={t('tabs.graphqlDocs')} panel={<GraphqlDocsPanel />} />
        <Tab id="platform" title={t('tabs.platform')} panel={<PlatformPanel />} />
      </Tabs>
    </div>
  );
}
