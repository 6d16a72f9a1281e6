import { Suspense, lazy, useMemo, type ComponentType } from 'react';
import { Card, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useKernel } from '../KernelProvider';
import type { PluginWidget, WidgetProps } from '../plugin/types';

/**
 * The dashboard widgets the usable plugins contribute (a disabled plugin's widgets are gone with it),
 * each loaded only when the board shows it.
 */
export function WidgetBoard() {
  const { plugins } = useKernel();
  const widgets = useMemo(() => plugins.flatMap((p) => p.widgets), [plugins]);
  if (!widgets.length) return null;
  return (
    <div className="tessera-widgets" data-testid="widget-board">
      {widgets.map((w) => <WidgetCard key={w.id} widget={w} />)}
    </div>
  );
}
WidgetBoard.displayName = 'WidgetBoard';

const components = new Map<string, ComponentType<WidgetProps>>();

function WidgetCard({ widget }: { widget: PluginWidget }) {
  const { t } = useTranslation(widget.pluginId);
  const navigate = useNavigate();
  let Component = components.get(widget.id);
  if (!Component) {
    Component = lazy(widget.component);
    components.set(widget.id, Component);
  }
  const open = (path: string, filter?: Record<string, string>) => navigate(filter ? `${path}?${new URLSearchParams(filter)}` : path);
  return (
    <Card className={`tessera-widget tessera-widget-${widget.size}`} data-widget={widget.id}>
      <h4 className="tessera-widget-title">{t(widget.titleKey)}</h4>
      <Suspense fallback={<Spinner size={20} />}>
        <Component open={open} />
      </Suspense>
    </Card>
  );
}
