import { useCallback, type ComponentType } from 'react';
import { useBus } from '../KernelProvider';
import type { ViewProps } from '../plugin/types';
import type { JobItem } from '../runner/types';

/**
 * A view as the screen of the route its declaration names (`views[].route`, docs/PLUGINS.md): the
 * component its tile shows, with `placement: 'route'`. It publishes its selection as `route:<path>`
 * and follows no tile (`followedSelection` undefined: a list follows its row type from anywhere).
 * `View` is the view's lazy component, looked up by the screen's error boundary (Layout.tsx), not
 * here: looked up below Suspense, a failed load would make a new lazy component on every retry and
 * fetch the chunk again for ever instead of showing the load-failed page.
 */
export function RouteView({ path, View }: { path: string; View: ComponentType<ViewProps> }) {
  const bus = useBus();
  const sourceId = `route:${path}`;
  const publishSelection = useCallback(
    (rowType: string, ids: readonly string[], items?: readonly JobItem[]) => bus.emit('selection:changed', { sourceTileId: sourceId, rowType, ids, items }),
    [bus, sourceId],
  );
  return <View tileId={sourceId} placement="route" publishSelection={publishSelection} />;
}
