import { useEffect, useRef, useState, type CSSProperties } from 'react';
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

/** True once `el` has come near the viewport (at once where IntersectionObserver is missing). */
function useSeen(host: React.RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen || !host.current) return;
    if (typeof IntersectionObserver === 'undefined') { setSeen(true); return; }
    const observer = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) setSeen(true); }, { rootMargin: '200px' });
    observer.observe(host.current);
    return () => observer.disconnect();
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

  useEffect(() => {
    if (!seen) return;
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void loadEcharts().then(({ init }) => {
      if (disposed || !host.current) return;
      chart.current = init(host.current, theme === 'dark' ? 'dark' : undefined);
      chart.current.setOption({ backgroundColor: 'transparent', ...latestOption.current });
      if (autoResize && typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(host.current);
      }
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [seen, autoResize, theme]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option]);

  return <div ref={host} className={className} data-testid="tessera-chart" data-drawn={seen || undefined} role={label ? 'img' : undefined} aria-label={label} style={{ width, height }} />;
}
Chart.displayName = 'Chart';
