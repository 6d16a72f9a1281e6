import type { TFunction } from 'i18next';
import { toMajorUnits, toUsd, type DataColumn } from '@kernel';
import { formatMajor, moneyChars } from './format';
import type { AdAccount } from './types';

/** The characters a percentage of cap used can show: digits, the decimal point, the sign and `%`. */
const PCT_CHARS = '0123456789.,-%';
const PCT = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** An account's spend cap in minor units, or undefined when it has none (0 means no cap on the platform). */
function capOf(a: AdAccount): number | undefined {
  if (!a.spend_cap || a.spend_cap === '0') return undefined;
  const cap = Number(a.spend_cap);
  return Number.isFinite(cap) && cap > 0 ? cap : undefined;
}

/** How much of its spend cap an account has spent, in per cent (amounts in one currency: no conversion); undefined without a cap. */
export function capUsedPct(a: AdAccount): number | undefined {
  const cap = capOf(a);
  const spent = Number(a.amount_spent ?? 0);
  if (cap === undefined || !Number.isFinite(spent)) return undefined;
  return (spent * 100) / cap;
}

/** What is left of the cap in US dollars (negative when overspent); undefined without a cap or a rate. */
export function capRemainingUsd(a: AdAccount): number | undefined {
  const cap = capOf(a);
  if (cap === undefined) return undefined;
  const left = (toMajorUnits(cap, a.currency) ?? 0) - (toMajorUnits(a.amount_spent ?? 0, a.currency) ?? 0);
  return toUsd(left, a.account_currency_ratio_to_usd) ?? undefined;
}

/**
 * "% of cap used" and "Cap remaining (USD)", beside the spend cap: an operator filters `>=90` on the
 * first to find the accounts about to stop, or `<100` on the second. Accounts without a cap show
 * "No cap" and, having no number, sort last either way and match no number filter. `detail` is the
 * column list's wrapper for fields the detail batches bring (they say "Loading…" until then).
 */
export function capColumns(t: TFunction, detail: (c: DataColumn<AdAccount>) => DataColumn<AdAccount>): DataColumn<AdAccount>[] {
  const noCap = t('columns.noCap');
  const usdChars = moneyChars(['USD']);
  return [
    detail({
      id: 'cap_used_pct', header: t('columns.capUsedPct'), width: 140, filter: 'number',
      value: capUsedPct,
      text: (a) => {
        const pct = capUsedPct(a);
        return pct === undefined ? noCap : `${PCT.format(pct)}%`;
      },
      textChars: () => PCT_CHARS + noCap,
      csv: (a) => {
        const pct = capUsedPct(a);
        return pct === undefined ? undefined : Math.round(pct * 10) / 10;
      },
    }),
    detail({
      id: 'cap_remaining_usd', header: t('columns.capRemainingUsd'), width: 170, filter: 'number',
      value: capRemainingUsd,
      text: (a) => {
        const left = capRemainingUsd(a);
        if (left === undefined) return capOf(a) === undefined ? noCap : '';
        const cents = Math.round(left * 100) / 100;
        return cents < 0 ? `-${formatMajor(-cents, 'USD')}` : formatMajor(cents, 'USD');
      },
      textChars: () => usdChars + noCap,
      csv: (a) => {
        const left = capRemainingUsd(a);
        return left === undefined ? undefined : Math.round(left * 100) / 100;
      },
    }),
  ];
}
