import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiGet, showToast, useApi, type DataOf, type Endpoint, type QueryOf } from '@kernel';

/** Loads an admin list and reloads on demand; failures become a toast with the server's message. */
export function useAdminData<E extends Endpoint<'GET'>>(endpoint: E, query?: QueryOf<E>) {
  const api = useApi();
  const [data, setData] = useState<DataOf<E> | null>(null);
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(query ?? {});
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await apiGet(api, endpoint, { query: JSON.parse(key) as QueryOf<E> }));
    } catch (e) {
      void showToast(errorText(e), 'danger');
    } finally {
      setLoading(false);
    }
  }, [api, endpoint, key]);
  useEffect(() => { void reload(); }, [reload]);
  return { data, loading, reload, api };
}

export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : e instanceof Error ? e.message : String(e);
}

export function fmt(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString();
}
