import { useEffect, useRef, type CSSProperties } from 'react';
import type { EChartsCoreOption, ECharts } from 'echarts/core';

export interface ChartProps {
  option: EChartsCoreOption;
  /** Default 100%. */
  width?: CSSProperties['width'];
  /** Default 100%. */
  height?: CSSProperties['height'];
  /** Resize the chart with its container. */
  autoResize?: boolean;
  className?: string;
}

/** The chart wrapper of docs/SPEC.md section 9 on ECharts (loaded in its own chunk on first use). */
export function Chart({ option, width = '100%', height = '100%', autoResize = false, className }: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latestOption = useRef(option);
  latestOption.current = option;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    import('echarts').then((echarts) => {
      if (disposed || !host.current) return;
      chart.current = echarts.init(host.current);
      chart.current.setOption(latestOption.current);
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
  }, [autoResize]);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={host} className={className} data-testid="tessera-chart" style={{ width, height }} />;
}
Chart.displayName = 'Chart';
