import { useCallback, useEffect, useState } from 'react';
import { ApiError, showToast, useApi } from '@kernel';

/** Loads an admin list and reloads on demand; failures become a toast with the server's message. */
export function useAdminData<T>(path: string, query?: Record<string, string | number | undefined>) {
  const api = useApi();
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(query ?? {});
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await api.get<T>(path, { query: JSON.parse(key) }));
    } catch (e) {
      void showToast(errorText(e), 'danger');
    } finally {
      setLoading(false);
    }
  }, [api, path, key]);
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
