import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Button, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption, ECharts } from 'echarts/core';
import { useSettings } from '../core/settings';

export interface ChartProps {
  option: EChartsCoreOption;
  /** Default 100%. */
  width?: CSSProperties['width'];
  /** Default 100%. */
  height?: CSSProperties['height'];
  /** Resize the chart with its container. */
  autoResize?: boolean;
  className?: string;
  /** Accessible name of the chart (what it shows). */
  label?: string;
}

/** ECharts' own code: the core and the chart types the kernel registers, in a chunk of its own. */
const loadEcharts = () => import('./dashboard/echarts-parts');

/**
 * How long a chart must stay near the viewport before ECharts is fetched. While a dashboard first
 * lays out, its widgets' frames are short for a moment (their code still loading) and a chart card
 * further down passes through the view: one first-screen measurement in five fetched ECharts'
 * 180 kB for a chart the operator never saw (bench/README.md, "Bundle").
 */
export const CHART_SETTLE_MS = 400;

/** True once `el` has stayed near the viewport CHART_SETTLE_MS (at once where IntersectionObserver is missing). */
function useSeen(host: React.RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !host.current) return;
    if (typeof IntersectionObserver === 'undefined') { setSeen(true); return; }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      const near = entries[entries.length - 1]?.isIntersecting ?? false;
      clearTimeout(timer);
      timer = near ? setTimeout(() => setSeen(true), CHART_SETTLE_MS) : undefined;
    }, { rootMargin: '200px' });
    observer.observe(host.current);
    return () => { clearTimeout(timer); observer.disconnect(); };
  }, [seen, host]);
  return seen;
}

/**
 * The chart wrapper of docs/SPEC.md section 9 on ECharts: ECharts is downloaded and the chart drawn
 * only when the chart first scrolls into view, in the shell's theme (light or dark).
 */
export function Chart({ option, width = '100%', height = '100%', autoResize = false, className, label }: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latestOption = useRef(option);
  latestOption.current = option;
  const seen = useSeen(host);
  const { theme } = useSettings();
  /** Until ECharts has drawn, the box pulses as Blueprint's skeletons do, instead of standing empty. */
  const [drawn, setDrawn] = useState(false);
  /** ECharts' code could not be fetched (offline, or a new version replaced the chunks): say so, with a retry. */
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const { t } = useTranslation();

  useEffect(() => {
    if (!seen) return;
    let disposed = false;
    let observer: ResizeObserver | null = null;
    loadEcharts().then(({ init }) => {
      if (disposed || !host.current) return;
      chart.current = init(host.current, theme === 'dark' ? 'dark' : undefined);
      chart.current.setOption({ backgroundColor: 'transparent', ...latestOption.current });
      setDrawn(true);
      if (autoResize && typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(host.current);
      }
    }, (error: unknown) => {
      if (disposed) return;
      console.error('[tessera] the chart code failed to load', error);
      setFailed(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [seen, autoResize, theme, attempt]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option]);

  if (failed) {
    const retry = () => { setFailed(false); setAttempt((n) => n + 1); };
    return (
      <div ref={host} className={['tessera-chart-failed', className].filter(Boolean).join(' ')} data-testid="tessera-chart" role="group" aria-label={label} style={{ width, height }}>
        <span className={Classes.TEXT_MUTED}>{t('error.chartLoadFailed')}</span>
        <Button size="small" text={t('error.retry')} onClick={retry} />
      </div>
    );
  }
  const classes = [className, drawn ? null : Classes.SKELETON].filter(Boolean).join(' ') || undefined;
  return <div ref={host} className={classes} data-testid="tessera-chart" data-drawn={seen || undefined} role={label ? 'img' : undefined} aria-label={label} style={{ width, height }} />;
}
Chart.displayName = 'Chart';
