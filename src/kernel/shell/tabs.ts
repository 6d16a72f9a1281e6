import { useCallback, useEffect, useState } from 'react';
import { getItem, setItem } from '../storage';
import type { RouteDecision } from '../plugin/route-table';
import { readTableStates, type TableViewState } from '../table/table-state';

export interface OpenTab {
  path: string;
  pluginId: string;
  titleKey: string;
  cached: boolean;
  /** The state of the screen's tables by view id (sorting, columns, page size): the tab's own, gone with it. */
  table?: Record<string, TableViewState>;
}

function isOpenTab(value: unknown): value is OpenTab {
  const v = value as OpenTab;
  return !!v && typeof v.path === 'string' && typeof v.pluginId === 'string' && typeof v.titleKey === 'string' && typeof v.cached === 'boolean';
}

function loadTabs(): OpenTab[] {
  const stored = getItem('tessera-tabs');
  if (!Array.isArray(stored)) return [];
  return stored.filter(isOpenTab).map((tab) => {
    const { table, ...rest } = tab;
    const states = readTableStates(table);
    return states ? { ...rest, table: states } : rest;
  });
}

/**
 * The tab bar's list of open screens and its cache list. Only plugin screens become tabs, so the
 * redirect helper and the error pages never do; routes flagged ignoreCache are open but not cached.
 */
export function useTabs(decision: RouteDecision, usablePaths: ReadonlySet<string>) {
  const [tabs, setTabs] = useState<OpenTab[]>(loadTabs);
  const [generation, setGeneration] = useState<Record<string, number>>({});

  useEffect(() => {
    if (decision.kind !== 'screen') return;
    const { plugin, route, cached } = decision.resolved;
    setTabs((prev) => (prev.some((t) => t.path === route.path) ? prev : [...prev, { path: route.path, pluginId: plugin.id, titleKey: route.titleKey, cached }]));
  }, [decision]);

  // A tab whose plugin was disabled (policy change, role switch) disappears.
  useEffect(() => {
    setTabs((prev) => (prev.every((t) => usablePaths.has(t.path)) ? prev : prev.filter((t) => usablePaths.has(t.path))));
  }, [usablePaths]);

  useEffect(() => setItem('tessera-tabs', tabs), [tabs]);

  const closeTab = useCallback((path: string) => setTabs((prev) => prev.filter((t) => t.path !== path)), []);
  const closeOthers = useCallback((path: string) => setTabs((prev) => prev.filter((t) => t.path === path)), []);
  const setTableState = useCallback(
    (path: string, viewId: string, state: TableViewState) =>
      setTabs((prev) => prev.map((t) => (t.path === path ? { ...t, table: { ...t.table, [viewId]: state } } : t))),
    [],
  );
  /** Remounts a screen (drops its cached state). */
  const reloadTab = useCallback((path: string) => setGeneration((g) => ({ ...g, [path]: (g[path] ?? 0) + 1 })), []);

  const cacheList = tabs.filter((t) => t.cached).map((t) => t.path);
  return { tabs, cacheList, generation, closeTab, closeOthers, reloadTab, setTableState };
}

/** Where "close all" lands: the dashboard, the one screen every user has. */
export const HOME_PATH = '/dashboard/index';

/**
 * The tabs the bar shows when only `fit` of them fit, in their order; the active one is always among
 * them (it takes the last place that fits when it lies beyond).
 */
export function visibleTabs<T extends { path: string }>(tabs: readonly T[], activePath: string | null, fit: number): T[] {
  const count = Math.max(1, Math.min(fit, tabs.length));
  const shown = tabs.slice(0, count);
  const active = tabs.find((tab) => tab.path === activePath);
  if (active && !shown.includes(active)) shown[count - 1] = active;
  return shown;
}
