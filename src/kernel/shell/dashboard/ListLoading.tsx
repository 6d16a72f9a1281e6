import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * A widget's loading state: its area's list is being loaded in this page right now (a list tile of
 * the workspace below, or the area's screen), so the widget waits for it instead of offering a load.
 */
export function ListLoading() {
  const { t } = useTranslation();
  return <div data-testid="widget-list-loading"><NonIdealState icon={<Spinner size={32} />} description={t('dashboard.listLoading')} /></div>;
}
