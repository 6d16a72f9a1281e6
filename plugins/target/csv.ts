/** Interests as CSV (saved lists and the selection), and the browser download of it. */
import { loadCsv, type DataColumn } from '@kernel';
import type { TFunction } from 'i18next';
import { pathText, type Interest } from './interest';

export function interestCsvColumns(t: TFunction): DataColumn<Interest>[] {
  return [
    { id: 'id', header: t('columns.id'), value: (i) => i.id },
    { id: 'name', header: t('columns.name'), value: (i) => i.name },
    { id: 'lower', header: t('columns.lower'), value: (i) => i.lower },
    { id: 'upper', header: t('columns.upper'), value: (i) => i.upper },
    { id: 'path', header: t('columns.path'), value: (i) => pathText(i) },
    { id: 'topic', header: t('columns.topic'), value: (i) => i.topic },
  ];
}

export async function interestsCsv(items: readonly Interest[], t: TFunction): Promise<string> {
  const { toCsv } = await loadCsv();
  return toCsv(items, interestCsvColumns(t));
}

/** The file name of an export: the list name made safe, then the date. */
export function csvName(name: string, now = new Date()): string {
  const stem = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_').trim().slice(0, 60) || 'interests';
  return `${stem}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Starts a download; the BOM makes spreadsheet apps read Chinese text as UTF-8. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
