import type { JobRow, JobStatus } from '../../runner/types';
import { dayOf } from '../../store/snapshots';

/** The outcomes the chart stacks, in order; a job still open (running, paused, interrupted) counts under its status. */
export const OUTCOMES: readonly JobStatus[] = ['done', 'failed', 'cancelled', 'interrupted', 'paused', 'running'];
export const JOB_CHART_DAYS = 30;

export interface JobsByDay { days: string[]; counts: Record<JobStatus, number[]> }

/** The runner's jobs per day (the day each ended, or last moved) and outcome, over the last `days` days that had jobs. */
export function jobsByOutcome(jobs: readonly JobRow[], days = JOB_CHART_DAYS): JobsByDay {
  const byDay = new Map<string, Record<string, number>>();
  for (const job of jobs) {
    const day = dayOf(job.finishedAt || job.updatedAt || job.createdAt);
    const row = byDay.get(day) ?? {};
    row[job.status] = (row[job.status] ?? 0) + 1;
    byDay.set(day, row);
  }
  const shown = [...byDay.keys()].sort().slice(-days);
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, shown.map((d) => byDay.get(d)![o] ?? 0)])) as Record<JobStatus, number[]>;
  return { days: shown, counts };
}

export function jobsChartOption(data: JobsByDay, label: (status: JobStatus) => string) {
  const used = OUTCOMES.filter((o) => data.counts[o].some((n) => n > 0));
  const colours: Partial<Record<JobStatus, string>> = { done: '#238551', failed: '#cd4246', cancelled: '#8f99a8', interrupted: '#c87619', paused: '#d1980b', running: '#2d72d2' };
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: data.days },
    yAxis: { type: 'value', minInterval: 1 },
    series: used.map((o) => ({ name: label(o), type: 'bar', stack: 'jobs', itemStyle: { color: colours[o] }, data: data.counts[o] })),
  };
}
