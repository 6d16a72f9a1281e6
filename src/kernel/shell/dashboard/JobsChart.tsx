import { useMemo } from 'react';
import { Card, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Chart } from '../Chart';
import { useRunner } from '../../runner/RunnerHost';
import { useJobs } from '../../runner/use-jobs';
import { jobsByOutcome, jobsChartOption } from './job-outcomes';

/** Bulk jobs per day by outcome, from the runner's jobs in this operator's store. */
export default function JobsChart() {
  const { t, i18n } = useTranslation();
  const jobs = useJobs(useRunner());
  const data = useMemo(() => jobsByOutcome(jobs), [jobs]);
  const option = useMemo(() => jobsChartOption(data, (s) => t(`runner.status.${s}`)), [data, t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Card compact className="tessera-widget tessera-widget-medium tessera-dashboard-chart" data-testid="jobs-chart">
      <h4 className="tessera-widget-title">{t('dashboard.jobsChart')}</h4>
      {data.days.length === 0
        ? <NonIdealState icon="timeline-bar-chart" description={t('dashboard.jobsChartEmpty')} />
        : <Chart option={option} height={240} autoResize label={t('dashboard.jobsChart')} />}
    </Card>
  );
}
