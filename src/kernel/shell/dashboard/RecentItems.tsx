import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi, useKernel } from '../../KernelProvider';
import { API, apiGet } from '../../api/endpoints';
import { initialOf, newestFirst, toRecords, type RecentRecord } from './recent-records';

export const RECENT_ITEMS_SHOWN = 12;
const DASHBOARD_PLUGIN = 'dashboard';

type State = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; records: RecentRecord[] };

/** The items the operator opened lately in any area (the server's per-module records), newest first; each opens its area. */
export function RecentItems() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { plugins } = useKernel();
  // Keyed on the ids: the session's refresh hands over an equal plugin list, which must not read the records again.
  const areaIds = plugins.filter((p) => p.id !== DASHBOARD_PLUGIN && p.routes.length > 0).map((p) => p.id).join(',');
  const areas = useMemo(() => plugins.filter((p) => areaIds.split(',').includes(p.id)), [areaIds]); // eslint-disable-line react-hooks/exhaustive-deps
  const [state, setState] = useState<State>({ phase: 'loading' });

  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    const results = await Promise.allSettled(areas.map((p) => apiGet(api, API.records.records, { query: { module_id: p.id } })));
    if (results.length && results.every((r) => r.status === 'rejected')) return setState({ phase: 'error' });
    const lists = results.map((r) => (r.status === 'fulfilled' ? toRecords(r.value) : []));
    setState({ phase: 'ready', records: newestFirst(lists, RECENT_ITEMS_SHOWN) });
  }, [api, areas]);
  useEffect(() => { void load(); }, [load]);

  const areaOf = (moduleId: string) => areas.find((p) => p.id === moduleId);
  return (
    <Card compact className="tessera-recent" data-testid="recent-items">
      <h4 className="tessera-widget-title">{t('dashboard.recent')}</h4>
      {state.phase === 'loading' && <Spinner size={20} />}
      {state.phase === 'error' && (
        <NonIdealState icon="error" description={t('dashboard.recentFailed')} action={<Button text={t('dashboard.retry')} onClick={() => void load()} />} />
      )}
      {state.phase === 'ready' && state.records.length === 0 && <div className={Classes.TEXT_MUTED} data-testid="recent-empty">{t('dashboard.recentEmpty')}</div>}
      {state.phase === 'ready' && state.records.length > 0 && (
        <ul className="tessera-recent-list">
          {state.records.map((r) => {
            const area = areaOf(r.moduleId);
            return (
              <li key={r.id}>
                <Button variant="minimal" alignText="start" className="tessera-recent-item" data-testid="recent-item" data-module={r.moduleId}
                  disabled={!area} onClick={() => area && navigate(area.routes[0].path)}
                  title={t('dashboard.openIn', { area: area ? t(area.titleKey, { ns: area.id }) : r.moduleId })}>
                  <span className="tessera-recent-avatar" aria-hidden>{initialOf(r.name)}</span>
                  <span className="tessera-recent-name">{r.name}</span>
                  <span className={`tessera-recent-meta ${Classes.TEXT_MUTED}`}>
                    {area ? t(area.titleKey, { ns: area.id }) : r.moduleId}
                    {r.bmName && r.bmName !== r.name ? ` · ${r.bmName}` : ''}
                    {' · '}{new Date(r.createdAt).toLocaleString(i18n.language)}
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
RecentItems.displayName = 'RecentItems';
