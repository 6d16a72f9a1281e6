import { DashboardChecks, DashboardOverview, WidgetBoard } from '@kernel';

/**
 * The dashboard: what needs the operator and their recent items, then the areas' widgets, then when the
 * scheduled checks ran. The tiled
 * workspace has its own screen (/workspace/index, plugins/workspace): the dashboard opens at the top
 * with the figures, and its first screen carries none of the workspace's code.
 */
export default function DashboardScreen() {
  return (
    <div className="tessera-dashboard-screen">
      <DashboardOverview />
      <WidgetBoard />
      <DashboardChecks />
    </div>
  );
}
