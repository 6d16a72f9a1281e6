import './dashboard.css';
import { NeedsMe } from './NeedsMe';
import { RecentItems } from './RecentItems';

/** The top of the dashboard: what needs the operator now, then the items they opened lately. */
export function DashboardOverview() {
  return (
    <div className="tessera-dashboard-overview" data-testid="dashboard-overview">
      <NeedsMe />
      <RecentItems />
    </div>
  );
}
DashboardOverview.displayName = 'DashboardOverview';
