import { foundColumn, type DataColumn, type FoundOutput } from '@kernel';
import type { TFunction } from 'i18next';
import type { AdAccount } from './types';
import { disableReasonKey, ROLE_KEYS, STATUS_FILTER, statusKey, statusTooltip } from './mappings';
import { codeWord, outputOf, regionName, toMajorUnits, toUsd } from '@kernel';
import { amountValue, formatMajor, formatMoney, formatTime, moneyChars, TIME_CHARS, timeValue } from './format';
import { capColumns } from './cap-columns';

/** `language`: the operator's (country names); en-US when not given. */
export interface ColumnOptions { timeZone: string; language?: string }

/**
 * The ad-account table's columns; built once per language and time zone (keep the array stable).
 * Amounts and times sort by their number (`value`) and show their formatted `text`. Amounts of
 * different currencies sort by their value in US dollars (the account's ratio to USD), a USD column
 * stands beside the native amount, and CSV gets amounts as plain numbers with the currency in a
 * column of its own. What actions found (hidden admins, appeal state, billing, country code) shows
 * in columns of its own, filterable, once the action ran on the account (docs/PLUGINS.md, outputs).
 */
export function adAccountColumns(t: TFunction, { timeZone, language = 'en-US' }: ColumnOptions): DataColumn<AdAccount>[] {
  const money = (a: AdAccount, v: string | undefined) => formatMoney(v, a.currency);
  const major = (a: AdAccount, v: string | undefined) => toMajorUnits(v, a.currency) ?? undefined;
  const usd = (a: AdAccount, v: number | string | undefined) => toUsd(typeof v === 'string' ? Number(v) : v, a.account_currency_ratio_to_usd) ?? undefined;
  const usdText = (n: number | undefined) => (n === undefined ? '' : formatMajor(n, 'USD'));
  const currency = (a: AdAccount) => a.currency;
  // What each formatted column can show (DataColumn.textChars): a search for a name passes over them.
  const moneyCharsByRows = new WeakMap<readonly AdAccount[], string>(); // the amount columns share one pass over the rows
  const accountMoneyChars = (rows: readonly AdAccount[]) => {
    let chars = moneyCharsByRows.get(rows);
    if (chars === undefined) moneyCharsByRows.set(rows, (chars = moneyChars(rows.map(currency))));
    return chars;
  };
  const usdChars = () => moneyChars(['USD']);
  /** A native amount: sorted by its USD value, shown and exported in the account's currency. */
  const nativeAmount = (c: { id: string; header: string; width: number; hiddenByDefault?: boolean }, amountOf: (a: AdAccount) => number | undefined, textOf: (a: AdAccount) => string, textChars: (rows: readonly AdAccount[]) => string = accountMoneyChars) =>
    detail({ ...c, value: (a) => usd(a, amountOf(a)), text: textOf, textChars, csv: amountOf, csvCurrency: currency,
      // filtered as numbers: in the account's currency, or in dollars with `USD` (`>100 USD`)
      filter: 'number', filterNumber: amountOf, filterUsd: (a) => usd(a, amountOf(a)) });
  const usdAmount = (c: { id: string; header: string; width: number; hiddenByDefault?: boolean }, amountOf: (a: AdAccount) => number | undefined) =>
    detail({ ...c, value: (a) => usd(a, amountOf(a)), text: (a) => usdText(usd(a, amountOf(a))), textChars: usdChars, csv: (a) => roundCents(usd(a, amountOf(a))), filter: 'number' });
  const hasCap = (a: AdAccount) => Boolean(a.spend_cap && a.spend_cap !== '0');
  const noCap = t('columns.noCap');
  // Labels translated once per key: the table calls these value functions for every row, and one
  // i18next lookup costs microseconds (the first search or sort of 50,000 rows, bench/table/README.md).
  const labels = new Map<string, string>();
  const label = (key: string): string => {
    let text = labels.get(key);
    if (text === undefined) labels.set(key, (text = String(t(key))));
    return text;
  };
  // The list streams: until an account's detail batch lands, its detail cells say so instead of showing defaults.
  const loading = t('columns.loading');
  const detail = (c: DataColumn<AdAccount>): DataColumn<AdAccount> => ({
    ...c,
    value: (a) => (a.detailsLoaded === false ? (c.text ? undefined : loading) : c.value(a)),
    ...(c.text && { text: (a: AdAccount) => (a.detailsLoaded === false ? loading : c.text!(a)) }),
    ...(c.textChars && { textChars: (rows: readonly AdAccount[]) => c.textChars!(rows) + loading }),
  });
  return [
    { id: 'account_id', header: t('columns.id'), value: (a) => a.account_id ?? a.id.replace(/^act_/, ''), width: 140 },
    { id: 'name', header: t('columns.name'), value: (a) => a.name, width: 160 },
    { id: 'status', header: t('columns.status'), value: (a) => label(statusKey(a.account_status)), width: 120,
      // the status in words, with the platform's status name as its tooltip ("Disabled — DISABLED")
      // (the cell renders for every row that scrolls into view or moves in a sort: the cached label)
      cell: (a) => {
        const text = label(statusKey(a.account_status));
        return <span title={statusTooltip(text, a.account_status)}>{text}</span>;
      },
      filter: { options: STATUS_FILTER.map((s) => {
        const label = t(statusKey(s.code));
        // the address names a status by the platform's name (`?status=DISABLED`), in any language
        return { value: label, key: s.name, label };
      }) } },
    detail({ id: 'disable_reason', header: t('columns.disableReason'), value: (a) => (a.account_status === 1 ? '' : label(disableReasonKey(a.disable_reason))), code: (a) => a.disable_reason, width: 120 }),
    nativeAmount({ id: 'balance', header: t('columns.balance'), width: 120 }, (a) => major(a, a.balance), (a) => money(a, a.balance)),
    usdAmount({ id: 'balance_usd', header: t('columns.balanceUsd'), width: 120, hiddenByDefault: true }, (a) => major(a, a.balance)),
    nativeAmount({ id: 'spend_cap', header: t('columns.spendCap'), width: 120 }, (a) => (hasCap(a) ? major(a, a.spend_cap) : undefined), (a) => (hasCap(a) ? money(a, a.spend_cap) : noCap), (rows) => accountMoneyChars(rows) + noCap),
    usdAmount({ id: 'spend_cap_usd', header: t('columns.spendCapUsd'), width: 120, hiddenByDefault: true }, (a) => (hasCap(a) ? major(a, a.spend_cap) : undefined)),
    // "% of cap used" and "Cap remaining (USD)" (cap-columns.ts)
    ...capColumns(t, detail),
    nativeAmount({ id: 'amount_spent', header: t('columns.amountSpent'), width: 120 }, (a) => major(a, a.amount_spent), (a) => money(a, a.amount_spent)),
    usdAmount({ id: 'amount_spent_usd', header: t('columns.amountSpentUsd'), width: 120 }, (a) => major(a, a.amount_spent)),
    nativeAmount({ id: 'lifetime_spend', header: t('columns.lifetimeSpend'), width: 130, hiddenByDefault: true }, (a) => amountValue(a.insights?.data?.[0]?.spend), (a) => formatMajor(a.insights?.data?.[0]?.spend, a.currency)),
    detail({ id: 'currency', header: t('columns.currency'), value: (a) => a.currency, width: 90 }),
    detail({ id: 'timezone', header: t('columns.timezone'), value: (a) => a.timezone_name, width: 170 }),
    detail({ id: 'next_bill_date', header: t('columns.nextBill'), value: (a) => timeValue(a.next_bill_date), text: (a) => formatTime(a.next_bill_date, timeZone), textChars: () => TIME_CHARS, width: 150 }),
    detail({ id: 'created_time', header: t('columns.created'), value: (a) => timeValue(a.created_time), text: (a) => formatTime(a.created_time, timeZone), textChars: () => TIME_CHARS, width: 150 }),
    { id: 'business', header: t('columns.business'), value: (a) => a.owner_business?.name ?? '', width: 200 },
    { id: 'users', header: t('columns.users'), value: (a) => (a.users?.data ?? []).map((u) => `${u.name ?? u.id} (${t(ROLE_KEYS[u.role] ?? 'roles.unknown')})`).join(', '), width: 240, hiddenByDefault: true },
    { id: 'ownerrole', header: t('columns.myRole'), value: (a) => label((a.ownerrole !== undefined && ROLE_KEYS[a.ownerrole]) || 'roles.unknown'), width: 110 },
    detail({ id: 'payment', header: t('columns.payment'), value: (a) => a.funding_source_details?.display_string ?? a.all_payment_methods?.pm_credit_card?.data?.[0]?.display_string ?? '', width: 180 }),
    nativeAmount({ id: 'prepay', header: t('columns.prepayBalance'), width: 130, hiddenByDefault: true }, (a) => (a.is_prepay_account ? amountValue(a.total_prepay_balance?.amount) : undefined), (a) => (a.is_prepay_account ? formatMajor(a.total_prepay_balance?.amount, a.total_prepay_balance?.currency ?? a.currency) : ''), (rows) => moneyChars(rows.map((a) => a.total_prepay_balance?.currency ?? a.currency))),
    detail({ id: 'country', header: t('columns.country'), value: (a) => regionName(countryOf(a), language), code: countryOf, width: 110, hiddenByDefault: true }),
    // Who is hidden on the account as the latest scan or removal (which removes everyone it finds) left it.
    foundColumn<AdAccount>({ id: 'hidden_admins', header: t('columns.hiddenAdmins'), width: 170, actions: HIDDEN_ADMIN_ACTIONS,
      value: (found) => label(!removalOf(found) && usersOf(found).length ? 'found.hasHiddenAdmins' : 'found.noHiddenAdmins'),
      shown: (found) => {
        const count = usersOf(found).length;
        if (removalOf(found)) return count ? t('found.removedHiddenAdmins', { count }) : label('found.noHiddenAdmins');
        return count ? `${label('found.hasHiddenAdmins')} (${count})` : label('found.noHiddenAdmins');
      },
      details: (found) => usersOf(found).map(describeUser),
      filter: { options: [t('found.hasHiddenAdmins'), t('found.noHiddenAdmins')].map((v) => ({ value: v, label: v })) } }),
    { id: 'appeal_state', header: t('columns.appealState'), width: 150,
      value: (a) => {
        const found = outputOf<{ status?: string; canAppeal?: boolean }>(a, 'adaccount.appealStatus');
        if (!found) return '';
        return codeWord(t, 'appealStatus', found.status) || label(found.canAppeal ? 'found.canAppeal' : 'found.cannotAppeal');
      } },
    { id: 'last_bill', header: t('columns.lastBill'), width: 200, hiddenByDefault: true,
      value: (a) => {
        const bills = outputOf<{ date?: string; amount?: number; currency?: string; status?: string }[]>(a, 'adaccount.billing');
        if (!Array.isArray(bills)) return '';
        if (bills.length === 0) return label('found.noBills');
        const last = [...bills].sort((x, y) => String(y.date ?? '').localeCompare(String(x.date ?? '')))[0];
        return [last.date, formatMajor(last.amount, last.currency ?? a.currency), codeWord(t, 'billStatus', last.status)].filter(Boolean).join(' · ');
      } },
  ];
}

/** A dollar amount rounded to cents for CSV (undefined stays empty). */
function roundCents(n: number | undefined): number | undefined {
  return n === undefined ? undefined : Math.round(n * 100) / 100;
}

/** The actions whose latest output says who is hidden on an account: the scan, and the removal (which scans first). */
const HIDDEN_ADMIN_ACTIONS = ['adaccount.detectHiddenAdmins', 'adaccount.removeHiddenAdmins'] as const;
const usersOf = (found: FoundOutput): unknown[] => (Array.isArray(found.value) ? found.value : []);
const removalOf = (found: FoundOutput) => found.actionId === 'adaccount.removeHiddenAdmins';

function describeUser(u: unknown): string {
  const r = (u ?? {}) as { name?: string; id?: string; role?: string };
  return [r.name, r.id, r.role].filter(Boolean).join(' · ');
}

/** The account's country code: as the country-code check found it, else the business's. */
function countryOf(a: AdAccount): string | undefined {
  return outputOf<{ country?: string }>(a, 'adaccount.countryCode')?.country || a.business_country_code;
}
