import { DashboardOverview, WidgetBoard, Workspace } from '@kernel';

/**
 * The dashboard: what needs the operator and their recent items, the areas' widgets, then the tiled
 * workspace. The screen scrolls; the workspace keeps a usable height whatever the widgets take.
 */
export default function DashboardScreen() {
  return (
    <div className="tessera-dashboard-screen">
      <DashboardOverview />
      <WidgetBoard />
      <div className="tessera-dashboard-workspace"><Workspace /></div>
    </div>
  );
}
