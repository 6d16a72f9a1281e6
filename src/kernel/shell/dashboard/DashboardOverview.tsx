import { lazy, Suspense } from 'react';
import './dashboard.css';
import { NeedsMe } from './NeedsMe';
import { RecentItems } from './RecentItems';

/** The scheduled checks' card loads after the first screen (its strings are first-screen ones: `dashboard.*` and each check's title). */
const LastChecks = lazy(async () => ({ default: (await import('./LastChecks')).LastChecks }));

/** The top of the dashboard: what needs the operator now, the items they opened lately, the scheduled checks. */
export function DashboardOverview() {
  return (
    <div className="tessera-dashboard-overview" data-testid="dashboard-overview">
      <NeedsMe />
      <RecentItems />
      <Suspense fallback={null}>
        <LastChecks />
      </Suspense>
    </div>
  );
}
DashboardOverview.displayName = 'DashboardOverview';
