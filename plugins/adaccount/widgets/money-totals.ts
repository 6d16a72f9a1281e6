import { formatCurrency, toMajorUnits, toUsd } from '@kernel';
import type { AdAccount } from '../types';

export interface CurrencyTotal {
  currency: string; spent: number; balance: number; accounts: number;
  /** The same in US dollars, over this currency's accounts whose ratio is known. */
  spentUsd: number; balanceUsd: number;
}
export interface MoneyTotals {
  byCurrency: CurrencyTotal[];
  /** In US dollars, over the accounts whose ratio to the dollar is known. */
  usd: { spent: number; balance: number };
  /** Accounts left out of the dollar totals because their ratio is missing. */
  withoutRatio: number;
}

/** Amount spent and balance per currency (largest spend first) and in dollars. */
export function moneyTotals(accounts: readonly AdAccount[]): MoneyTotals {
  const byCurrency = new Map<string, CurrencyTotal>();
  const usd = { spent: 0, balance: 0 };
  let withoutRatio = 0;
  for (const a of accounts) {
    const currency = (a.currency ?? '').toUpperCase() || '?';
    const spent = toMajorUnits(a.amount_spent, currency) ?? 0;
    const balance = toMajorUnits(a.balance, currency) ?? 0;
    const row = byCurrency.get(currency) ?? { currency, spent: 0, balance: 0, accounts: 0, spentUsd: 0, balanceUsd: 0 };
    row.spent += spent;
    row.balance += balance;
    row.accounts += 1;
    byCurrency.set(currency, row);
    const spentUsd = toUsd(spent, a.account_currency_ratio_to_usd);
    const balanceUsd = toUsd(balance, a.account_currency_ratio_to_usd);
    if (spentUsd === null || balanceUsd === null) withoutRatio += 1;
    else { usd.spent += spentUsd; usd.balance += balanceUsd; row.spentUsd += spentUsd; row.balanceUsd += balanceUsd; }
  }
  return { byCurrency: [...byCurrency.values()].sort((x, y) => y.spent - x.spent), usd, withoutRatio };
}

/**
 * An amount in its currency as everywhere else in the product: the currency's one sign (the kernel's
 * `formatCurrency`), not Intl's currency style, which writes "US$" in Chinese and "COP" where the list
 * writes "COL$". A total of unknown currency ('?') is the number alone.
 */
export function formatAmount(n: number, currency: string | undefined, language: string): string {
  void language; // both languages write numbers alike (src/kernel/graph/money.ts)
  return formatCurrency(n, !currency || currency === '?' ? '' : currency);
}
