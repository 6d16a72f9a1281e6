import { useMemo } from 'react';
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { API, DataTable, apiPost, showToast, type AdminOrderView, type DataColumn } from '@kernel';
import { errorText, fmt, useAdminData } from './use-admin';

type AdminOrder = AdminOrderView;

/** Every order; a pending order of the manual provider is marked paid here. */
export function OrdersPanel() {
  const { t } = useTranslation('admin');
  const { data, loading, reload, api } = useAdminData(API.admin.orders, { page: 1, pageSize: 100 });
  const markPaid = async (ordernum: string) => {
    try {
      await apiPost(api, API.admin.markPaid, { ordernum });
      void showToast(t('orders.markedPaid', { ordernum }), 'success');
      await reload();
    } catch (e) {
      void showToast(errorText(e), 'danger');
    }
  };
  const columns = useMemo<DataColumn<AdminOrder>[]>(() => [
    { id: 'ordernum', header: t('orders.ordernum'), value: (o) => o.ordernum },
    { id: 'email', header: t('users.email'), value: (o) => o.email },
    { id: 'service', header: t('orders.service'), value: (o) => o.service?.name },
    { id: 'amount', header: t('orders.amount'), value: (o) => `${o.amount} ${o.currency}` },
    { id: 'provider', header: t('orders.provider'), value: (o) => o.provider },
    { id: 'status', header: t('orders.status'), value: (o) => o.status, cell: (o) => <Tag minimal intent={o.status === 'paid' ? 'success' : o.status === 'pending' ? 'warning' : 'none'}>{o.status}</Tag> },
    { id: 'created', header: t('orders.created'), value: (o) => fmt(o.createdAt) },
    { id: 'paid', header: t('orders.paid'), value: (o) => fmt(o.paidAt) },
    { id: 'actions', header: t('users.actions'), value: () => '', filter: false, sortable: false,
      cell: (o) => (o.status === 'pending' ? <Button size="small" intent="success" text={t('orders.markPaid')} onClick={() => void markPaid(o.ordernum)} /> : null) },
  ], [t]);
  return (
    <div className="tessera-admin-panel">
      <DataTable viewId="admin.orders" rows={data?.list ?? []} columns={columns} getRowId={(o) => o.ordernum} loading={loading}
        toolbar={<Button icon="refresh" text={t('reload')} onClick={() => void reload()} />} exportFileName="orders" />
    </div>
  );
}
