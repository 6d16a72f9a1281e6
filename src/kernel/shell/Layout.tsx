import { Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Callout, Classes, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useApi, useKernel } from '../KernelProvider';
import { useSettings } from '../core/settings';
import { HOME_PATH, decideRoute, lazyComponent, type RouteDecision } from '../plugin/route-table';
import { withAllStrings } from '../i18n';
import { useTabs, type OpenTab } from './tabs';
import { TableStateScope, type TableViewState } from '../table/table-state';
import { ListAddressScope } from '../table/list-address-scope';
import { savedViewsApi } from './saved-views';
import { TopNavbar } from './TopNavbar';
import { TeamFollower } from './TeamSwitcher';
import { SideMenu } from './SideMenu';
import { TabBar } from './TabBar';
import { PageBreadcrumbs } from './PageBreadcrumbs';
import { SettingsDrawer } from './SettingsDrawer';
import { ForbiddenPage, NotFoundPage, ScreenErrorBoundary } from './ErrorPages';
import { startProgress, doneProgress } from './progress';
import type { LoadedPlugin, PluginRoute } from '../plugin/types';
import { RouteView } from './RouteView';
import { WEB_VERSION } from '../version';
import { useVisitStatistics } from '../core/visit-statistics';
import { useSession } from '../core/session';
import { isFunctionBlocked, useExtensionState } from '../bridge/extension-status';
import { NonIdealState } from '@blueprintjs/core';

/** The shared layout every logged-in screen sits in. */
export function Layout() {
  const { allPlugins, plugins, user, enabled, api } = useKernel();
  const { token } = useSession();
  const settings = useSettings();
  const location = useLocation();
  const navigate = useNavigate();
  const decision = useMemo(
    () => decideRoute(location.pathname, allPlugins, plugins, user?.role, enabled),
    [location.pathname, allPlugins, plugins, user?.role, enabled],
  );
  const usablePaths = useMemo(() => new Set(plugins.flatMap((p) => p.routes.map((r) => r.path))), [plugins]);
  const tabs = useTabs(decision, usablePaths);
  const current = decision.kind === 'screen' ? decision.resolved.route.path : null;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { t } = useTranslation();
  useVisitStatistics(api, decision.kind === 'screen' ? { module: decision.resolved.plugin.id, path: decision.resolved.route.path } : null, token !== undefined);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  const closeTab = (path: string) => {
    const index = tabs.tabs.findIndex((t) => t.path === path);
    tabs.closeTab(path);
    if (path === current) {
      const next = tabs.tabs[index + 1] ?? tabs.tabs[index - 1];
      navigate(next && next.path !== path ? next.path : '/dashboard/index');
    }
  };

  return (
    <div className="tessera-layout" style={{ ['--tessera-menu-width' as string]: `${settings.menuWidth}px` }}>
      {/* The first Tab stop: past the navbar, the menu and the tabs, to the screen itself (docs/DECISIONS.md). */}
      <a className="tessera-skip-link" href="#tessera-content" onClick={(e) => { e.preventDefault(); document.getElementById('tessera-content')?.focus(); }}>
        {t('navbar.skipToContent')}
      </a>
      <TeamFollower />
      {settings.navbar && <TopNavbar showTopMenu={settings.topMenu} onOpenSettings={() => setSettingsOpen(true)} />}
      <div className="tessera-body">
        {settings.menu && <SideMenu width={settings.menuWidth} activePath={current} />}
        <main className="tessera-main">
          {settings.tabBar && (
            <TabBar tabs={tabs.tabs} activePath={current} onClose={closeTab} onReload={tabs.reloadTab} onCloseOthers={tabs.closeOthers} />
          )}
          <PageBreadcrumbs decision={decision} />
          <RefusedPluginsNotice />
          <div className="tessera-content" id="tessera-content" tabIndex={-1}>
            <ScreenHost decision={decision} tabs={tabs.tabs} generation={tabs.generation} plugins={plugins} onTableState={tabs.setTableState} />
          </div>
          {settings.footer && (
            <footer className={`tessera-footer ${Classes.TEXT_MUTED}`}>Tessera · v{WEB_VERSION}</footer>
          )}
        </main>
      </div>
      <SettingsDrawer isOpen={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
Layout.displayName = 'Layout';

/**
 * Shows the current screen and keeps cached screens of open tabs mounted but hidden (the tab cache),
 * so an operator's filters and selection survive switching tabs.
 */
function ScreenHost({ decision, tabs, generation, plugins, onTableState }: {
  decision: RouteDecision;
  tabs: OpenTab[];
  generation: Record<string, number>;
  plugins: readonly LoadedPlugin[];
  /** A table on a tab's screen changed its state: the tab keeps it (see TableStateScope). */
  onTableState: (path: string, viewId: string, state: TableViewState) => void;
}) {
  const extension = useExtensionState();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const api = useApi();
  const views = useMemo(() => savedViewsApi(api), [api]);
  if (decision.kind === 'forbidden') return <ForbiddenPage disabled />;
  if (decision.kind !== 'screen') return <NotFoundPage />;
  if (isFunctionBlocked(decision.resolved.plugin.id, extension)) {
    return <NonIdealState icon="updated" title={t('extension.updateNeeded')} description={t('extension.updateNeededBody', { latest: extension.latest?.version ?? '' })} />;
  }
  const { route, cached } = decision.resolved;
  const kept = tabs.filter((t) => t.cached && t.path !== route.path);
  const screens = cached ? [...kept, { path: route.path }] : kept;
  const tableStatesOf = (path: string) => tabs.find((t) => t.path === path)?.table;
  const routeOf = (path: string) => {
    for (const p of plugins) {
      const r = p.routes.find((x) => x.path === path);
      if (r) return r;
    }
    return null;
  };
  // A screen with its tab's table state, a loading bar while its code loads, and its error page. The
  // screen is looked up inside the boundary's render, so a retry after a failed load fetches it again.
  // A route a view names (views[].route) shows that view, told it is on a route (RouteView). The
  // screen's list keeps its search, sort and filters in the address while the screen is shown
  // (ListAddressScope; docs/DECISIONS.md, "Lists keep their state in the address"). Every screen but
  // the dashboard loads every string with its code: the first screen's part has only the dashboard's
  // (docs/PLUGINS.md, "Strings").
  const screenBody = (path: string, r: PluginRoute) => (
    <ScreenErrorBoundary>
      {() => {
        const withStrings = <T,>(load: () => Promise<T>) => (path === HOME_PATH ? load : withAllStrings(i18n, load));
        const Screen = r.view ? null : lazyComponent(withStrings(r.component!));
        const View = r.view ? lazyComponent(withStrings(r.view)) : null;
        return (
          <TableStateScope states={tableStatesOf(path)} onChange={(viewId, state) => onTableState(path, viewId, state)}>
            <ListAddressScope
              active={path === route.path}
              search={location.search}
              entry={navigationOf(location)}
              write={(search, replace) => navigate({ pathname: path, search }, { replace })}
              views={views}
            >
              <Suspense fallback={<ScreenLoading />}>
                {Screen ? <Screen /> : <RouteView path={path} View={View!} />}
              </Suspense>
            </ListAddressScope>
          </TableStateScope>
        );
      }}
    </ScreenErrorBoundary>
  );
  return (
    <>
      {screens.map(({ path }) => {
        const r = routeOf(path);
        if (!r) return null;
        const active = path === route.path;
        return (
          <div key={`${path}#${generation[path] ?? 0}`} className="tessera-screen" hidden={!active} data-screen={path}>
            {screenBody(path, r)}
          </div>
        );
      })}
      {!cached && (
        <div key={`${route.path}#${generation[route.path] ?? 0}`} className="tessera-screen" data-screen={route.path}>
          {screenBody(route.path, route)}
        </div>
      )}
    </>
  );
}

/** Suspense fallback: runs the thin loading bar while a screen's chunk loads. */
export function ScreenLoading() {
  useEffect(() => {
    startProgress();
    return () => doneProgress();
  }, []);
  return (
    <div className="tessera-screen-loading">
      <Spinner size={24} />
    </div>
  );
}

function RefusedPluginsNotice() {
  const { refused } = useKernel();
  const { t } = useTranslation();
  if (refused.length === 0) return null;
  return (
    <Callout intent="warning" title={t('plugins.refusedTitle', { count: refused.length })} className="tessera-refused" icon="warning-sign">
      <ul>
        {refused.map((r) => (
          <li key={r.source}>
            <code>{r.id ?? r.source}</code>: {r.message}
          </li>
        ))}
      </ul>
    </Callout>
  );
}

/**
 * One name per navigation the router made (each location object it shows; Back to an entry shows a new
 * one, with the entry's old key): a list's address write is on its way while the navigation it was
 * made on is still shown (src/kernel/table/use-list-address.ts).
 */
const navigations = new WeakMap<object, string>();
let lastNavigation = 0;
function navigationOf(location: object): string {
  let name = navigations.get(location);
  if (name === undefined) navigations.set(location, (name = String(++lastNavigation)));
  return name;
}
