import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { UsersPanel } from './UsersPanel';
import { PolicyPanel } from './PolicyPanel';
import { ServicesPanel } from './ServicesPanel';
import { ExtensionPanel } from './ExtensionPanel';
import { AnnouncementsPanel } from './AnnouncementsPanel';
import { OrdersPanel } from './OrdersPanel';
import { GraphqlDocsPanel } from './GraphqlDocsPanel';

export default function AdminScreen() {
  const { t } = useTranslation('admin');
  return (
    <div className="tessera-admin">
      <Tabs id="admin-tabs" renderActiveTabPanelOnly large>
        <Tab id="users" title={t('tabs.users')} panel={<UsersPanel />} />
        <Tab id="policy" title={t('tabs.policy')} panel={<PolicyPanel />} />
        <Tab id="services" title={t('tabs.services')} panel={<ServicesPanel />} />
        <Tab id="orders" title={t('tabs.orders')} panel={<OrdersPanel />} />
        <Tab id="extension" title={t('tabs.extension')} panel={<ExtensionPanel />} />
        <Tab id="announcements" title={t('tabs.announcements')} panel={<AnnouncementsPanel />} />
        <Tab id="graphqlDocs" title={t('tabs.graphqlDocs')} panel={<GraphqlDocsPanel />} />
      </Tabs>
    </div>
  );
}
