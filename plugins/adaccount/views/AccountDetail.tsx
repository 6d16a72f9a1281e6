import { Drawer, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { codeWord, EvidenceButton, formatCount, ObjectActions, regionName, type JobItem, ObjectHistory } from '@kernel';
import { useTranslation } from 'react-i18next';
import { useSettingsTheme } from './use-theme';
import type { AdAccount } from '../types';
import { disableReasonKey, ROLE_KEYS, statusKey } from '../mappings';
import { formatMajor, formatMoney, formatTime } from '../format';
import { AccountExtras } from './AccountExtras';

/** account_status of a disabled account: its panel shows the appeal evidence as its main button. */
const DISABLED = 2;

/** One account in a side panel: the actions for it, every field, its users and its agencies (platform text as text). */
export function AccountDetail({ account, item, timeZone, onClose }: { account: AdAccount | null; item: JobItem | null; timeZone: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('adaccount');
  const dark = useSettingsTheme() === 'dark';
  const a = account;
  // a worded platform value carries its code, for the cell's tooltip
  const rows: [string, string | undefined, (string | number)?][] = a ? [
    [t('columns.id'), a.account_id],
    [t('columns.name'), a.name],
    [t('columns.status'), t(statusKey(a.account_status)), a.account_status],
    [t('columns.disableReason'), a.account_status === 1 ? '' : t(disableReasonKey(a.disable_reason)), a.disable_reason],
    [t('columns.currency'), a.currency],
    [t('columns.balance'), formatMoney(a.balance, a.currency)],
    [t('columns.spendCap'), a.spend_cap && a.spend_cap !== '0' ? formatMoney(a.spend_cap, a.currency) : t('columns.noCap')],
    [t('columns.amountSpent'), formatMoney(a.amount_spent, a.currency)],
    [t('columns.lifetimeSpend'), formatMajor(a.insights?.data?.[0]?.spend, a.currency)],
    [t('columns.threshold'), formatMoney(a.adspaymentcycle?.data?.[0]?.threshold_amount, a.currency)],
    [t('columns.timezone'), a.timezone_name ? `${a.timezone_name} (UTC${(a.timezone_offset_hours_utc ?? 0) >= 0 ? '+' : ''}${a.timezone_offset_hours_utc ?? 0})` : ''],
    [t('columns.nextBill'), formatTime(a.next_bill_date, timeZone)],
    [t('columns.created'), formatTime(a.created_time, timeZone)],
    [t('columns.business'), a.owner_business ? `${a.owner_business.name} (${a.owner_business.id})` : t('detail.personal')],
    [t('columns.myRole'), t((a.ownerrole !== undefined && ROLE_KEYS[a.ownerrole]) || 'roles.unknown')],
    [t('columns.payment'), a.funding_source_details?.display_string],
    [t('columns.prepayBalance'), a.is_prepay_account ? formatMajor(a.total_prepay_balance?.amount, a.total_prepay_balance?.currency ?? a.currency) : ''],
    [t('columns.country'), regionName(a.business_country_code, i18n.language), a.business_country_code],
    [t('columns.trust'), a.adtrust_dsl === undefined ? '' : a.adtrust_dsl === -1 ? t('detail.noLimit') : formatCount(a.adtrust_dsl, i18n.language)],
    [t('columns.owner'), a.owner],
  ] : [];
  return (
    <Drawer isOpen={account !== null} onClose={onClose} title={a?.name ?? ''} icon="credit-card" size={520} className={dark ? 'bp6-dark' : undefined}>
      {a && (
        <div className="adaccount-detail" data-testid="adaccount-detail">
          {item && <ObjectActions rowType="adaccount" item={item} />}
          <div className="adaccount-evidence">
            <EvidenceButton
              type="adaccount" id={a.id} name={a.name} prominent={a.account_status === DISABLED}
              current={{ status: a.account_status, ...(a.account_status !== 1 && a.disable_reason !== undefined && { disableReason: a.disable_reason }) }}
              extras={async (ctx) => (await import('../evidence')).accountEvidence(ctx, a.id, a.currency ?? '')}
            />
          </div>
          <HTMLTable compact striped className="adaccount-detail-table">
            <tbody>
              {rows.filter(([, v]) => v !== undefined && v !== '').map(([k, v, code]) => <tr key={k}><th>{k}</th><td className="tessera-pre" title={code === undefined ? undefined : String(code)}>{v}</td></tr>)}
            </tbody>
          </HTMLTable>
          <H5>{t('detail.users')}</H5>
          <HTMLTable compact striped>
            <thead><tr><th>ID</th><th>{t('columns.name')}</th><th>{t('detail.role')}</th></tr></thead>
            <tbody>
              {(a.users?.data ?? []).map((u) => <tr key={u.id}><td>{u.id}</td><td>{u.name}</td><td>{t(ROLE_KEYS[u.role] ?? 'roles.unknown')}</td></tr>)}
            </tbody>
          </HTMLTable>
          <H5>{t('detail.agencies')}</H5>
          {(a.agencies?.data ?? []).length === 0 ? <p className="bp6-text-muted">{t('detail.noAgencies')}</p> : (
            <HTMLTable compact striped>
              <thead><tr><th>ID</th><th>{t('columns.name')}</th><th>{t('detail.access')}</th></tr></thead>
              <tbody>
                {(a.agencies?.data ?? []).map((g) => <tr key={g.id}><td>{g.id}</td><td>{g.name}</td><td><span title={g.access_status}>{codeWord(t, 'accessStatus', g.access_status)}</span> {(g.permitted_tasks ?? []).map((task) => <Tag key={task} minimal title={task}>{codeWord(t, 'tasks', task)}</Tag>)}</td></tr>)}
              </tbody>
            </HTMLTable>
          )}
          <AccountExtras account={a} timeZone={timeZone} />
          <H5>{t('detail.changes')}</H5>
          <ObjectHistory type="adaccount" id={a.id} />
        </div>
      )}
    </Drawer>
  );
}
