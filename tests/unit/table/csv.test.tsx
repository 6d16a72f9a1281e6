import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from '../../../src/kernel/table';
import { csvFileName, guardCsvCell, toCsv } from '../../../src/kernel/table/csv';
import { accountColumns, accountId, accounts, renderWithI18n, type Account } from './helpers';

describe('toCsv', () => {
  it('writes the given columns in order with their headers', () => {
    const csv = toCsv(accounts.slice(0, 2), [accountColumns[2], accountColumns[0]]);
    expect(csv).toBe('Spend,Name\r\n300,Alpha shop\r\n20,beta Store');
  });

  it('guards against formula injection but leaves plain numbers alone', () => {
    const rows = [
      { v: '=HYPERLINK("http://evil","x")' },
      { v: '+1 555' },
      { v: '-2+3' },
      { v: '@SUM(A1)' },
      { v: '\tTAB' },
      { v: '-12.5' },
      { v: -7 },
      { v: 'safe = text' },
    ];
    const columns: DataColumn<{ v: string | number }>[] = [{ id: 'v', header: 'Value', value: (row) => row.v }];
    const parsed = Papa.parse<string[]>(toCsv(rows, columns)).data.slice(1).map((r) => r[0]);
    expect(parsed).toEqual([
      `'=HYPERLINK("http://evil","x")`,
      "'+1 555",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTAB",
      '-12.5',
      '-7',
      'safe = text',
    ]);
  });

  it('quotes commas, quotes and newlines, writes empty values as empty cells', () => {
    const rows = [{ a: 'x, "y"\nz', b: null as string | null, c: true }];
    const columns: DataColumn<(typeof rows)[number]>[] = [
      { id: 'a', header: 'A', value: (r) => r.a },
      { id: 'b', header: 'B', value: (r) => r.b },
      { id: 'c', header: 'C', value: (r) => r.c },
    ];
    const csv = toCsv(rows, columns);
    expect(csv).toBe('A,B,C\r\n"x, ""y""\nz",,true');
    expect(Papa.parse<string[]>(csv).data[1]).toEqual(['x, "y"\nz', '', 'true']);
  });

  it('keeps Chinese text intact', () => {
    const columns: DataColumn<{ n: string }>[] = [{ id: 'n', header: '名称', value: (r) => r.n }];
    expect(toCsv([{ n: '广告账户' }], columns)).toBe('名称\r\n广告账户');
  });

  it('guardCsvCell leaves non-strings as they are', () => {
    expect(guardCsvCell(undefined)).toBe('');
    expect(guardCsvCell(null)).toBe('');
    expect(guardCsvCell(false)).toBe(false);
    expect(guardCsvCell(-3)).toBe(-3);
  });

  it('names files <stem>-YYYYMMDD-HHmm.csv', () => {
    expect(csvFileName('ad-accounts', new Date(2025, 0, 7, 9, 5))).toBe('ad-accounts-20250107-0905.csv');
    expect(csvFileName('a/b:c', new Date(2025, 11, 31, 23, 59))).toBe('a_b_c-20251231-2359.csv');
  });
});

describe('export button', () => {
  let blobs: Blob[];
  let clicked: HTMLAnchorElement[];

  beforeEach(() => {
    blobs = [];
    clicked = [];
    vi.stubGlobal('URL', Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:test/1';
      }),
      revokeObjectURL: vi.fn(),
    }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('downloads the current view: filtered, sorted, visible columns in order, with a BOM', async () => {
    renderWithI18n(
      <DataTable<Account>
        viewId="accounts"
        exportFileName="ad-accounts"
        rows={accounts}
        columns={accountColumns}
        getRowId={accountId}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter "Status"' }), { target: { value: 'ACTIVE' } });
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Spend/ })).getByRole('button'));
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Spend/ })).getByRole('button')); // desc

    fireEvent.click(screen.getByRole('button', { name: /^Export/ }));

    // the CSV writer loads on the first export
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toMatch(/^ad-accounts-\d{8}-\d{4}\.csv$/);
    expect(clicked[0].getAttribute('href')).toBe('blob:test/1');
    expect(blobs).toHaveLength(1);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');

    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      '\uFEFFName,Status,Spend\r\n' +
        "'=SUM(A1) Gamma,ACTIVE,1000\r\n" +
        'Alpha shop,ACTIVE,300\r\n' +
        'Beta Two,ACTIVE,75',
    );
  });

  it('falls back to the view id for the file name and exports only visible columns', async () => {
    renderWithI18n(
      <DataTable<Account>
        viewId="bm-list"
        rows={accounts.slice(0, 1)}
        columns={accountColumns.map((c) => ({ ...c, hiddenByDefault: c.id === 'status' }))}
        getRowId={accountId}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Export/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].download).toMatch(/^bm-list-\d{8}-\d{4}\.csv$/);
    const text = new TextDecoder().decode(await blobs[0].arrayBuffer());
    expect(text).toBe('Name,Spend,Owner\r\nAlpha shop,300,Lin');
  });

  it('exports the selected rows when there is a selection, and says so on the button', async () => {
    renderWithI18n(<DataTable<Account> viewId="accounts" rows={accounts} columns={accountColumns} getRowId={accountId} />);
    expect(screen.getByRole('button', { name: /^Export/ }).textContent).toBe('Export all 5 rows');
    fireEvent.click(screen.getByRole('checkbox', { name: /a4/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /a1/ }));
    const button = screen.getByRole('button', { name: /^Export/ });
    expect(button.textContent).toBe('Export 2 selected rows');
    fireEvent.click(button);
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = new TextDecoder().decode(await blobs[0].arrayBuffer());
    expect(text).toBe('Name,Status,Spend\r\nAlpha shop,ACTIVE,300\r\nDelta,DISABLED,5');
  });
});

