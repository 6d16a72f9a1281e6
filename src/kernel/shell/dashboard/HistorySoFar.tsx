import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import './dashboard.css';

/** A history chart keeps this many days before it stops saying how little history there is. */
export const SHORT_HISTORY_DAYS = 7;

/**
 * How much history a chart over days has, in the operator's words ("1 day of history so far"): shown
 * instead of a chart of one lonely bar, and above a chart of less than a week.
 */
export function HistorySoFar({ days }: { days: number }) {
  const { t } = useTranslation();
  if (days >= SHORT_HISTORY_DAYS) return null;
  return (
    <div className={`${Classes.TEXT_MUTED} tessera-history-note`} data-testid="history-so-far" data-days={days}>
      {t(days <= 1 ? 'dashboard.historyOneDay' : 'dashboard.historySoFar', { count: days })}
    </div>
  );
}
HistorySoFar.displayName = 'HistorySoFar';
