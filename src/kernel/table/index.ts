import enUS from './locales/en-US.json';
import zhCN from './locales/zh-CN.json';

export { DataTable } from './DataTable';
/** The CSV writer (with papaparse), loaded on the first export: no screen needs it before. */
export const loadCsv = () => import('./csv');
export { TableStateScope, readTableStates, readTableViewState, useTableStateStore } from './table-state';
export type { TableStateScopeProps, TableStateStore, TableViewState } from './table-state';
export { toColumnDef, dataTableFeatures, type DataColumnDef } from './column-model';
export type { CellValue, DataColumn, DataTableProps, PageSize } from './types';

/** This module's UI strings, merged by the kernel's i18n set-up into the `kernel` namespace. */
export const tableLocales: { 'zh-CN': Record<string, unknown>; 'en-US': Record<string, unknown> } = {
  'zh-CN': zhCN,
  'en-US': enUS,
};
