import type { DataColumn } from '@kernel';
import type { TFunction } from 'i18next';
import type { AdAccount } from './types';
import { disableReasonKey, ROLE_KEYS, STATUS_FILTER, statusKey } from './mappings';
import { toMajorUnits } from '@kernel';
import { amountValue, formatMajor, formatMoney, formatTime, timeValue } from './format';

export interface ColumnOptions { timeZone: string }

/**
 * The ad-account table's columns; built once per language and time zone (keep the array stable).
 * Amounts and times sort by their number (`value`) and show their formatted `text`; amounts of
 * different currencies sort by the amount in the account's own currency.
 */
export function adAccountColumns(t: TFunction, { timeZone }: ColumnOptions): DataColumn<AdAccount>[] {
  const money = (a: AdAccount, v: string | undefined) => formatMoney(v, a.currency);
  const amount = (a: AdAccount, v: string | undefined) => toMajorUnits(v, a.currency) ?? undefined;
  const hasCap = (a: AdAccount) => Boolean(a.spend_cap && a.spend_cap !== '0');
  const noCap = t('columns.noCap');
  // The list streams: until an account's detail batch lands, its detail cells say so instead of showing defaults.
  const loading = t('columns.loading');
  const detail = (c: DataColumn<AdAccount>): DataColumn<AdAccount> => ({
    ...c,
    value: (a) => (a.detailsLoaded === false ? (c.text ? undefined : loading) : c.value(a)),
    ...(c.text && { text: (a: AdAccount) => (a.detailsLoaded === false ? loading : c.text!(a)) }),
  });
  return [
    { id: 'account_id', header: t('columns.id'), value: (a) => a.account_id ?? a.id.replace(/^act_/, ''), width: 160 },
    { id: 'name', header: t('columns.name'), value: (a) => a.name, width: 220 },
    { id: 'status', header: t('columns.status'), value: (a) => t(statusKey(a.account_status)), width: 130,
      filter: { options: STATUS_FILTER.map((s) => ({ value: t(statusKey(s.code)), label: t(statusKey(s.code)) })) } },
    detail({ id: 'disable_reason', header: t('columns.disableReason'), value: (a) => (a.account_status === 1 ? '' : t(disableReasonKey(a.disable_reason))), width: 180 }),
    detail({ id: 'balance', header: t('columns.balance'), value: (a) => amount(a, a.balance), text: (a) => money(a, a.balance), width: 120 }),
    detail({ id: 'spend_cap', header: t('columns.spendCap'), value: (a) => (hasCap(a) ? amount(a, a.spend_cap) : undefined), text: (a) => (hasCap(a) ? money(a, a.spend_cap) : noCap), width: 120 }),
    detail({ id: 'amount_spent', header: t('columns.amountSpent'), value: (a) => amount(a, a.amount_spent), text: (a) => money(a, a.amount_spent), width: 120 }),
    detail({ id: 'lifetime_spend', header: t('columns.lifetimeSpend'), value: (a) => amountValue(a.insights?.data?.[0]?.spend), text: (a) => formatMajor(a.insights?.data?.[0]?.spend, a.currency), width: 130, hiddenByDefault: true }),
    detail({ id: 'currency', header: t('columns.currency'), value: (a) => a.currency, width: 90 }),
    detail({ id: 'timezone', header: t('columns.timezone'), value: (a) => a.timezone_name, width: 170 }),
    detail({ id: 'next_bill_date', header: t('columns.nextBill'), value: (a) => timeValue(a.next_bill_date), text: (a) => formatTime(a.next_bill_date, timeZone), width: 150 }),
    detail({ id: 'created_time', header: t('columns.created'), value: (a) => timeValue(a.created_time), text: (a) => formatTime(a.created_time, timeZone), width: 150 }),
    { id: 'business', header: t('columns.business'), value: (a) => a.owner_business?.name ?? '', width: 200 },
    { id: 'users', header: t('columns.users'), value: (a) => (a.users?.data ?? []).map((u) => `${u.name ?? u.id} (${t(ROLE_KEYS[u.role] ?? 'roles.unknown')})`).join(', '), width: 240, hiddenByDefault: true },
    { id: 'ownerrole', header: t('columns.myRole'), value: (a) => t(ROLE_KEYS[a.ownerrole ?? 1001] ?? 'roles.unknown'), width: 110 },
    detail({ id: 'payment', header: t('columns.payment'), value: (a) => a.funding_source_details?.display_string ?? a.all_payment_methods?.pm_credit_card?.data?.[0]?.display_string ?? '', width: 180 }),
    detail({ id: 'prepay', header: t('columns.prepayBalance'), value: (a) => (a.is_prepay_account ? amountValue(a.total_prepay_balance?.amount) : undefined), text: (a) => (a.is_prepay_account ? formatMajor(a.total_prepay_balance?.amount, a.total_prepay_balance?.currency ?? a.currency) : ''), width: 130, hiddenByDefault: true }),
    detail({ id: 'country', header: t('columns.country'), value: (a) => a.business_country_code, width: 80, hiddenByDefault: true }),
  ];
}
