import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import Papa from 'papaparse';
import { adAccountColumns } from '../columns';
import { statusTooltip } from '../mappings';
import en from '../locales/en-US.json';
import { toUsd } from '../../../src/kernel/graph/money';
import { toCsv } from '../../../src/kernel/table/csv';
import type { DataColumn } from '../../../src/kernel/table/types';
import type { AdAccount } from '../types';

async function englishT() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { adaccount: en } }, defaultNS: 'adaccount' });
  return i18n.getFixedT('en-US', 'adaccount');
}

// ratios are units of the currency per US dollar (the sandbox's account_currency_ratio_to_usd)
const accounts: AdAccount[] = [
  { id: 'act_1', account_id: '1', name: 'yen', account_status: 1, currency: 'JPY', account_currency_ratio_to_usd: 150, amount_spent: '30000', balance: '0' },
  { id: 'act_2', account_id: '2', name: 'dollar', account_status: 2, currency: 'USD', account_currency_ratio_to_usd: 1, amount_spent: '25000', balance: '100' },
  { id: 'act_3', account_id: '3', name: 'euro', account_status: 101, currency: 'EUR', account_currency_ratio_to_usd: 0.5, amount_spent: '15000', balance: '0' },
  { id: 'act_4', account_id: '4', name: 'no ratio', account_status: 1, currency: 'GBP', amount_spent: '99999999', balance: '0' },
] as AdAccount[];

describe('amounts across currencies', () => {
  it('converts an amount in its main unit to US dollars by the account ratio, and refuses to guess without one', () => {
    expect(toUsd(30000, 150)).toBe(200);
    expect(toUsd(150, 0.5)).toBe(300);
    expect(toUsd(10, '2')).toBe(5);
    for (const bad of [undefined, null, 0, -1, Number.NaN, 'x']) expect(toUsd(10, bad as number)).toBeNull();
    expect(toUsd(null, 1)).toBeNull();
  });

  it('sorts the native amount column by its USD value and shows the native amount, with a USD column beside it', async () => {
    const columns = adAccountColumns(await englishT(), { timeZone: 'UTC' });
    const spent = columns.find((c) => c.id === 'amount_spent')!;
    const spentUsd = columns.find((c) => c.id === 'amount_spent_usd')!;
    // JPY 30,000 = $200, USD 250, EUR 150 = $300: by USD the order is yen, dollar, euro (not by the raw numbers)
    const byValue = accounts.slice(0, 3).map((a) => ({ name: a.name, v: spent.value(a) as number })).sort((x, y) => x.v - y.v).map((x) => x.name);
    expect(byValue).toEqual(['yen', 'dollar', 'euro']);
    expect(spent.text!(accounts[0])).toBe('¥30,000');
    expect(spentUsd.text!(accounts[2])).toBe('$300');
    expect(spent.value(accounts[3])).toBeUndefined(); // no ratio: sorts with the empty ones, never as dollars
    expect(spentUsd.hiddenByDefault).toBeFalsy();
  });

  it('exports amounts as numbers with the currency in its own column', async () => {
    const columns = adAccountColumns(await englishT(), { timeZone: 'UTC' });
    const pick = (ids: string[]) => ids.map((id) => columns.find((c) => c.id === id)!) as DataColumn<AdAccount>[];
    const csv = toCsv(accounts.slice(0, 3), pick(['name', 'amount_spent', 'amount_spent_usd']), { currencyHeader: (h) => `${h} · currency` });
    const parsed = Papa.parse<string[]>(csv.trim()).data;
    expect(parsed[0]).toEqual(['Name', 'Amount spent', 'Amount spent · currency', 'Amount spent (USD)']);
    expect(parsed[1]).toEqual(['yen', '30000', 'JPY', '200']);
    expect(parsed[3]).toEqual(['euro', '150', 'EUR', '300']);
  });
});

describe('status labels', () => {
  it('show the status in words and name the platform\'s status in the tooltip; the filter offers Closed', async () => {
    expect(statusTooltip('Disabled', 2)).toBe('Disabled — DISABLED');
    expect(statusTooltip('CLOSED', 101)).toBe('CLOSED');
    const columns = adAccountColumns(await englishT(), { timeZone: 'UTC' });
    const status = columns.find((c) => c.id === 'status')!;
    expect(status.value(accounts[1])).toBe('Disabled');
    const options = (status.filter as { options: { value: string; label: string }[] }).options;
    expect(options.find((o) => o.value === 'Closed')).toBeTruthy();
    // the filter offers words only: no platform code in what the operator reads
    expect(options.find((o) => o.value === 'Disabled')!.label).toBe('Disabled');
    for (const o of options) expect(o.label).not.toMatch(/[A-Z]+_[A-Z]+|^[A-Z]{4,}$/);
  });
});

describe('what actions found, as columns', () => {
  it('shows hidden admins as a filterable state, the appeal state, the last bill and the country code found', async () => {
    const { withOutputs } = await import('../../../src/kernel/list/row-outputs');
    const columns = adAccountColumns(await englishT(), { timeZone: 'UTC' });
    const col = (id: string) => columns.find((c) => c.id === id)!;
    const at = 1;
    const scanned = withOutputs(accounts[0], {
      'adaccount.detectHiddenAdmins': { value: [{ name: 'Eve', id: '9', role: 'Admin' }], at },
      'adaccount.appealStatus': { value: { status: 'UNDER_REVIEW', canAppeal: false }, at },
      'adaccount.billing': { value: [{ date: '2026-01-02', amount: 5, currency: 'USD', status: 'COMPLETED' }, { date: '2026-03-04', amount: 7.5, currency: 'USD', status: 'FAILED' }], at },
      'adaccount.countryCode': { value: { country: 'SG' }, at },
    });
    const clean = withOutputs(accounts[1], { 'adaccount.detectHiddenAdmins': { value: [], at } });
    expect(col('hidden_admins').value(scanned)).toBe('Has hidden admins');
    expect(col('hidden_admins').value(clean)).toBe('None found');
    expect(col('hidden_admins').value(accounts[2])).toBe(''); // never scanned
    // a removal newer than the scan leaves none, and says how many it removed
    const removed = withOutputs(accounts[2], { 'adaccount.detectHiddenAdmins': { value: [{ name: 'Eve', id: '9' }], at: 1 }, 'adaccount.removeHiddenAdmins': { value: [{ name: 'Eve', id: '9' }], at: 2 } });
    expect(col('hidden_admins').value(removed)).toBe('None found');
    expect(col('hidden_admins').csv!(removed)).toBe('None found (1 removed); Eve · 9');
    expect(col('hidden_admins').csv!(scanned)).toBe('Has hidden admins (1); Eve · 9 · Admin');
    expect((col('hidden_admins').filter as { options: { value: string }[] }).options.map((o) => o.value)).toEqual(['Has hidden admins', 'None found']);
    // the platform's states in words (issue 33)
    expect(col('appeal_state').value(scanned)).toBe('Appeal in review');
    expect(col('last_bill').value(scanned)).toBe('2026-03-04 · $7.50 · Failed');
    expect(col('country').value(scanned)).toBe('Singapore');
    expect(col('country').code!(scanned)).toBe('SG');
  });
});

describe('countries as words', () => {
  it("names the account's country in the operator's language, with the platform's code in the tooltip", async () => {
    const account = { ...accounts[0], business_country_code: 'CO' } as AdAccount;
    const english = adAccountColumns(await englishT(), { timeZone: 'UTC', language: 'en-US' }).find((c) => c.id === 'country')!;
    expect(english.value(account)).toBe('Colombia');
    expect(english.code!(account)).toBe('CO');
    const chinese = adAccountColumns(await englishT(), { timeZone: 'UTC', language: 'zh-CN' }).find((c) => c.id === 'country')!;
    expect(chinese.value(account)).toBe('哥伦比亚');
    // what the country-code check found wins over the business's country
    const { withOutputs } = await import('../../../src/kernel/list/row-outputs');
    const checked = withOutputs(account, { 'adaccount.countryCode': { value: { country: 'fr' }, at: 1 } });
    expect(english.value(checked)).toBe('France');
    expect(english.code!(checked)).toBe('fr');
  });

  it('shows a value that is no country code as it came, and nothing for none', async () => {
    const { regionName } = await import('../../../src/kernel/code-words');
    expect(regionName('not a code', 'en-US')).toBe('not a code');
    expect(regionName('', 'en-US')).toBe('');
    expect(regionName(undefined, 'zh-CN')).toBe('');
    expect(regionName('us', 'en-US')).toBe('United States');
  });
});
