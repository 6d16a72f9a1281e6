/**
 * The parts of ECharts the kernel's charts use, registered on `echarts/core` (its own lazy chunk,
 * loaded by Chart.tsx only when a chart scrolls into view): bar and line charts on the canvas renderer.
 * A chart needing another type adds it here.
 */
import { init, use } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, LineChart, DatasetComponent, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
