import { useEffect, useState } from 'react';
import { Button, Callout, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { codeWord, useBridge, type Bridge } from '@kernel';
import type { AdAccount } from '../types';
import { appealStatus, billingTransactions, scanHiddenAdmins, type AppealStatus, type BillingPage, type HiddenAdminScan } from '../api';
import { formatMajor, formatTime } from '../format';
import { ROLE_KEYS } from '../mappings';

type Section<T> = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string };

function useOnDemand<T>(load: (bridge: Bridge) => Promise<T>, key: string) {
  const bridge = useBridge();
  const [section, setSection] = useState<Section<T>>({ state: 'idle' });
  useEffect(() => setSection({ state: 'idle' }), [key]);
  const run = async () => {
    setSection({ state: 'loading' });
    try {
      setSection({ state: 'ready', data: await load(bridge) });
    } catch (e) {
      setSection({ state: 'error', message: (e as Error).message });
    }
  };
  return { section, run };
}

/** Billing transactions (last 10 years, 10 a page), hidden administrators and the appeal state of one account, on demand. */
export function AccountExtras({ account, timeZone }: { account: AdAccount; timeZone: string }) {
  const { t } = useTranslation('adaccount');
  const billing = useOnDemand<BillingPage>((b) => billingTransactions(b, account.id), account.id);
  const hidden = useOnDemand<HiddenAdminScan>((b) => scanHiddenAdmins(b, account.id), account.id);
  const appeal = useOnDemand<AppealStatus>((b) => appealStatus(b, account.id), account.id);

  const header = (title: string, run: () => void, busy: boolean) => (
    <div className="adaccount-extra-head"><H5>{title}</H5><Button size="small" icon="refresh" loading={busy} text={t('detail.load')} onClick={run} /></div>
  );
  const failure = (s: Section<unknown>) => (s.state === 'error' ? <Callout intent="danger" compact>{s.message}</Callout> : null);

  return (
    <>
      {header(t('detail.billing'), () => void billing.run(), billing.section.state === 'loading')}
      {failure(billing.section)}
      {billing.section.state === 'ready' && (billing.section.data.transactions.length === 0 ? <p className="bp6-text-muted">{t('detail.noBilling')}</p> : (
        <HTMLTable compact striped data-testid="billing-table">
          <thead><tr><th>{t('detail.time')}</th><th>{t('detail.amount')}</th><th>{t('detail.status')}</th><th>{t('detail.method')}</th></tr></thead>
          <tbody>
            {billing.section.data.transactions.map((tx) => (
              <tr key={tx.id}><td>{formatTime(tx.time, timeZone)}</td><td>{formatMajor(tx.amount, tx.currency)}</td><td title={tx.status}>{codeWord(t, 'billStatus', tx.status)}</td><td>{tx.paymentMethod}</td></tr>
            ))}
          </tbody>
        </HTMLTable>
      ))}

      {header(t('detail.hiddenAdmins'), () => void hidden.run(), hidden.section.state === 'loading')}
      {failure(hidden.section)}
      {hidden.section.state === 'ready' && (hidden.section.data.hidden.length === 0
        ? <Callout intent="success" compact>{t('detail.noHiddenAdmins', { count: hidden.section.data.pageUsers.length })}</Callout>
        : (
          <HTMLTable compact striped data-testid="hidden-admins">
            <thead><tr><th>ID</th><th>{t('columns.name')}</th><th>{t('detail.role')}</th></tr></thead>
            <tbody>
              {hidden.section.data.hidden.map((u) => <tr key={u.id}><td>{u.id}</td><td>{u.name}</td><td><Tag intent="danger" minimal>{u.role ? t(ROLE_KEYS[u.role] ?? 'roles.unknown') : u.roleLabel}</Tag></td></tr>)}
            </tbody>
          </HTMLTable>
        ))}

      {header(t('detail.appeal'), () => void appeal.run(), appeal.section.state === 'loading')}
      {failure(appeal.section)}
      {appeal.section.state === 'ready' && (
        <p>{t('detail.appealState', { status: codeWord(t, 'appealStatus', appeal.section.data.status) || '—', can: appeal.section.data.canAppeal ? t('detail.yes') : t('detail.no') })}</p>
      )}
    </>
  );
}
