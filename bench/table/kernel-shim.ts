/**
 * What the ad-account columns and their formatting import from '@kernel', without the rest of
 * the kernel (shell, workspace, bridge…): the bench page stays small and measures only the table.
 */
export { DataTable, loadCsv } from '../../src/kernel/table';
export type { DataColumn, DataTableProps } from '../../src/kernel/table';
export { toMajorUnits, toUsd, CURRENCY_SIGNS, formatCurrency, currencyChars } from '../../src/kernel/graph/money';
export { codeWord, formatCount, regionName, COUNT_CHARS } from '../../src/kernel/code-words';
export { outputOf } from '../../src/kernel/list/row-outputs';
export type { FoundOutput } from '../../src/kernel/list/row-outputs';
export { foundColumn } from '../../src/kernel/list/found-column';
