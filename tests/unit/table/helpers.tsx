import { render, type RenderResult } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { tableLocales, type DataColumn } from '../../../src/kernel/table';

/**
 * The shared tests/unit/setup.ts stubs layout; this repeats the one stub the virtualizer needs
 * (a non-zero scroll viewport) in case these tests run without it.
 */
function ensureLayout() {
  if (Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')) return;
  Object.defineProperties(HTMLElement.prototype, {
    clientHeight: { configurable: true, get: () => 600 },
    clientWidth: { configurable: true, get: () => 1000 },
  });
}
ensureLayout();

export function makeI18n(lng: 'zh-CN' | 'en-US' = 'en-US'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en-US',
    defaultNS: 'kernel',
    ns: ['kernel'],
    resources: {
      'zh-CN': { kernel: tableLocales['zh-CN'] },
      'en-US': { kernel: tableLocales['en-US'] },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function renderWithI18n(ui: ReactElement, lng: 'zh-CN' | 'en-US' = 'en-US'): RenderResult & { i18n: I18n } {
  const i18n = makeI18n(lng);
  const result = render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  return {
    ...result,
    i18n,
    rerender: (next: ReactNode) => result.rerender(<I18nextProvider i18n={i18n}>{next}</I18nextProvider>),
  };
}

export interface Account {
  id: string;
  name: string;
  status: 'ACTIVE' | 'DISABLED';
  spend: number;
  owner: string | null;
}

export const accounts: Account[] = [
  { id: 'a1', name: 'Alpha shop', status: 'ACTIVE', spend: 300, owner: 'Lin' },
  { id: 'a2', name: 'beta Store', status: 'DISABLED', spend: 20, owner: 'Wang' },
  { id: 'a3', name: '=SUM(A1) Gamma', status: 'ACTIVE', spend: 1000, owner: null },
  { id: 'a4', name: 'Delta', status: 'DISABLED', spend: 5, owner: 'Zhao' },
  { id: 'a5', name: 'Beta Two', status: 'ACTIVE', spend: 75, owner: 'Lin' },
];

export const accountColumns: DataColumn<Account>[] = [
  { id: 'name', header: 'Name', value: (row) => row.name },
  {
    id: 'status',
    header: 'Status',
    value: (row) => row.status,
    filter: { options: [{ value: 'ACTIVE', label: 'Active' }, { value: 'DISABLED', label: 'Disabled' }] },
  },
  { id: 'spend', header: 'Spend', value: (row) => row.spend, width: 100 },
  { id: 'owner', header: 'Owner', value: (row) => row.owner, hiddenByDefault: true },
];

export const accountId = (row: Account) => row.id;

/** Row ids in DOM order (which is view order: the virtualizer renders items by index). */
export function renderedIds(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[data-row-id]')].map((el) => el.getAttribute('data-row-id') ?? '');
}

export function makeAccounts(count: number): Account[] {
  const rows: Account[] = [];
  for (let i = 0; i < count; i++) {
    rows.push({
      id: `act_${i}`,
      name: `Account ${i}`,
      status: i % 3 === 0 ? 'DISABLED' : 'ACTIVE',
      spend: (i * 7919) % 10007,
      owner: i % 5 === 0 ? null : `owner${i % 17}`,
    });
  }
  return rows;
}
