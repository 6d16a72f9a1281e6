import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * A widget's state while its list is not cached but its area has tried (useCacheLoadState): the list is
 * being loaded in this page right now (a list tile of the workspace below, or the area's screen), so the
 * widget waits for it instead of offering a load; or the last load failed, and the widget says why and
 * opens the area, where the list shows the error and loads again.
 */
export function ListLoadState({ state, onOpen }: { state: 'loading' | { failed: string }; onOpen: () => void }) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return <div data-testid="widget-list-loading"><NonIdealState icon={<Spinner size={32} />} description={t('dashboard.listLoading')} /></div>;
  }
  return (
    <div data-testid="widget-list-failed">
      <NonIdealState icon="error" description={t('dashboard.listFailed', { error: state.failed })}
        action={<Button icon="arrow-right" text={t('dashboard.listFailedOpen')} onClick={onOpen} />} />
    </div>
  );
}
