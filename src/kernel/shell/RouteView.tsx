import { useCallback } from 'react';
import { useBus } from '../KernelProvider';
import { lazyComponent } from '../core/route-table';
import type { LazyComponent, ViewProps } from '../plugin/types';
import type { JobItem } from '../runner/types';

/**
 * A view as the screen of the route its declaration names (`views[].route`, docs/PLUGINS.md): the
 * component its tile shows, with `placement: 'route'`. It publishes its selection as `route:<path>`
 * and follows no tile (`followedSelection` undefined: a list follows its row type from anywhere).
 * The view's lazy component is looked up on each render, so the screen's retry loads it again.
 */
export function RouteView({ path, view }: { path: string; view: LazyComponent<ViewProps> }) {
  const bus = useBus();
  const sourceId = `route:${path}`;
  const publishSelection = useCallback(
    (rowType: string, ids: readonly string[], items?: readonly JobItem[]) => bus.emit('selection:changed', { sourceTileId: sourceId, rowType, ids, items }),
    [bus, sourceId],
  );
  const View = lazyComponent(view);
  return <View tileId={sourceId} placement="route" publishSelection={publishSelection} />;
}
