import { Component as ReactComponent, Suspense, lazy, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Button, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useKernel } from '../KernelProvider';
// the board's and the widgets' classes (tessera-widgets, tessera-money…): no longer with every `@kernel` import (vite.config.ts)
import './dashboard/dashboard.css';
import type { LoadedPlugin, PluginWidget, WidgetProps } from '../plugin/types';
import { EMPTY_LIST_ADDRESS, writeListAddress } from '../table/list-address';

/**
 * The dashboard widgets the usable plugins contribute (a disabled plugin's widgets are gone with it),
 * each loaded only when the board shows it: every plugin's figures first, then the charts (the
 * plugins' and the kernel's bulk jobs by outcome), so the first screen reads counts and needs no
 * ECharts until a chart scrolls into view. Every widget gets the same frame: its title, a link into
 * its area, a spinner while its code loads and an error state with a retry when it fails. The widget
 * itself shows its empty and not-yet-loaded states (it reads cached lists only; docs/PLUGINS.md section 6).
 */
export function WidgetBoard() {
  const { plugins } = useKernel();
  const widgets = useMemo(() => {
    const all = plugins.flatMap((p) => p.widgets.map((w) => ({ widget: w, plugin: p })));
    return [...all.filter((w) => !w.widget.chart), ...all.filter((w) => w.widget.chart)];
  }, [plugins]);
  return (
    <div className="tessera-widgets" data-testid="widget-board">
      {widgets.map(({ widget, plugin }) => <WidgetCard key={widget.id} widget={widget} plugin={plugin} />)}
      <Suspense fallback={null}><JobsChart /></Suspense>
    </div>
  );
}
WidgetBoard.displayName = 'WidgetBoard';

/** The kernel's own chart card: the runner's jobs by outcome (its code, and ECharts, load only when shown). */
const JobsChart = lazy(() => import('./dashboard/JobsChart'));

/**
 * A widget's filter (column id → the filter as the list's address writes it, `q` the search) as the list's
 * address: `{ restricted: 'true' }` opens `?f.restricted=true`, `{ status: 'DISABLED' }` `?status=DISABLED`.
 */
export function addressOfFilter(filter: Record<string, string>): string {
  const { q = '', ...columns } = filter;
  const filters = Object.fromEntries(Object.entries(columns).map(([id, value]) => [id.startsWith('f.') ? id.slice(2) : id, value]));
  return writeListAddress('', { ...EMPTY_LIST_ADDRESS, q, filters });
}

const components = new Map<string, ComponentType<WidgetProps>>();

function WidgetCard({ widget, plugin }: { widget: PluginWidget; plugin: LoadedPlugin }) {
  const { t } = useTranslation(widget.pluginId);
  const { t: tk } = useTranslation();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  let Component = components.get(widget.id);
  if (!Component) {
    Component = lazy(widget.component);
    components.set(widget.id, Component);
  }
  const open = (path: string, filter?: Record<string, string>) => navigate(`${path}${filter ? addressOfFilter(filter) : ''}`);
  const area = plugin.routes[0]?.path;
  const retry = () => {
    components.delete(widget.id); // a failed lazy import stays failed; take a fresh one
    setAttempt((n) => n + 1);
  };
  return (
    <Card className={`tessera-widget tessera-widget-${widget.size}${widget.chart ? ' tessera-widget-chart' : ''}`} data-widget={widget.id}>
      <div className="tessera-widget-head">
        <h4 className="tessera-widget-title">{t(widget.titleKey)}</h4>
        {area && <Button size="small" variant="minimal" icon="arrow-right" aria-label={tk('dashboard.openArea')} title={tk('dashboard.openArea')} data-testid="widget-area-link" onClick={() => open(area)} />}
      </div>
      <WidgetErrorBoundary key={attempt} fallback={<WidgetFailed onRetry={retry} />}>
        <Suspense fallback={<Spinner size={20} />}>
          <Component open={open} />
        </Suspense>
      </WidgetErrorBoundary>
    </Card>
  );
}

function WidgetFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <NonIdealState icon="error" description={t('dashboard.widgetFailed')} action={<Button text={t('dashboard.retry')} onClick={onRetry} />} />;
}

class WidgetErrorBoundary extends ReactComponent<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  componentDidCatch(error: unknown) { console.warn('[tessera] a dashboard widget failed', error); }
  render() { return this.state.failed ? this.props.fallback : this.props.children; }
}
