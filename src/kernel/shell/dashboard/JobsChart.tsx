import { useMemo } from 'react';
import { Card, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Chart } from '../Chart';
import { useRunner } from '../../runner/RunnerHost';
import { useJobs } from '../../runner/use-jobs';
import { jobsByOutcome, jobsChartOption, OUTCOMES } from './job-outcomes';
import { HistorySoFar } from './HistorySoFar';

/**
 * Bulk jobs per day by outcome, from the runner's jobs in this operator's store. With one day of jobs it
 * lists that day's outcomes and says how little history there is, rather than drawing one lonely bar.
 */
export default function JobsChart() {
  const { t, i18n } = useTranslation();
  const jobs = useJobs(useRunner());
  const data = useMemo(() => jobsByOutcome(jobs), [jobs]);
  const option = useMemo(() => jobsChartOption(data, (s) => t(`runner.status.${s}`)), [data, t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const days = data.days.length;
  return (
    <Card compact className="tessera-widget tessera-widget-medium tessera-dashboard-chart" data-testid="jobs-chart" data-days={days}>
      <h4 className="tessera-widget-title">{t('dashboard.jobsChart')}</h4>
      {days === 0 && <NonIdealState icon="timeline-bar-chart" description={t('dashboard.jobsChartEmpty')} />}
      {days > 0 && <HistorySoFar days={days} />}
      {days === 1 && (
        <HTMLTable compact striped className="tessera-history-day">
          <tbody>{OUTCOMES.filter((o) => data.counts[o][0] > 0).map((o) => <tr key={o}><td>{t(`runner.status.${o}`)}</td><td>{data.counts[o][0].toLocaleString(i18n.language)}</td></tr>)}</tbody>
        </HTMLTable>
      )}
      {days > 1 && <Chart option={option} height={240} autoResize label={t('dashboard.jobsChart')} />}
    </Card>
  );
}
