import { useTranslation } from 'react-i18next';
import type { CellValue, DataColumn } from '../table';
import { latestOutput, type FoundOutput } from './row-outputs';

/**
 * A list column that shows what actions found about each row's object (row-outputs.ts): the plugin
 * names the actions whose outputs go into it and words their latest one; the kernel reads the
 * newest output of those actions for the row, shows it with the time it was found, and writes it to CSV.
 */
export interface FoundColumn<Row> extends Omit<DataColumn<Row>, 'value' | 'cell' | 'text' | 'textChars' | 'csv'> {
  /** The actions whose outputs go into the column; the newest output among them is the row's. */
  actions: readonly string[];
  /** The column's value for the row's latest output: sorted, filtered (keep it to a few words for an option filter). */
  value: (found: FoundOutput, row: Row) => CellValue;
  /** What the cell says when it says more than the value ("2 hidden admins"); default the value. */
  shown?: (found: FoundOutput, row: Row) => string;
  /** One line each in the cell's tooltip and the CSV (e.g. each hidden admin's name and id). */
  details?: (found: FoundOutput, row: Row) => readonly string[];
}

export function foundColumn<Row>({ actions, value, shown, details, ...column }: FoundColumn<Row>): DataColumn<Row> {
  const words = (found: FoundOutput, row: Row) => (shown ? shown(found, row) : String(value(found, row) ?? ''));
  return {
    ...column,
    value: (row) => {
      const found = latestOutput(row, actions);
      return found ? value(found, row) : '';
    },
    csv: (row) => {
      const found = latestOutput(row, actions);
      return found ? [words(found, row), ...(details?.(found, row) ?? [])].join('; ') : '';
    },
    cell: (row) => {
      const found = latestOutput(row, actions);
      return found ? <FoundCell text={words(found, row)} details={details?.(found, row) ?? []} at={found.at} /> : null;
    },
  };
}

/** A found value in a row, with its details and when it was found in the tooltip. */
function FoundCell({ text, details, at }: { text: string; details: readonly string[]; at: number }) {
  const { t, i18n } = useTranslation();
  const when = t('list.foundAt', { time: new Date(at).toLocaleString(i18n.language) });
  return <span title={[...details, when].join('\n')} data-found-at={at}>{text}</span>;
}
