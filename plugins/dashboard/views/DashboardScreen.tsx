import { DashboardOverview, WidgetBoard, Workspace } from '@kernel';

/** The dashboard: what needs the operator and their recent items, the areas' widgets, then the tiled workspace. */
export default function DashboardScreen() {
  return (
    <div className="dashboard-screen" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <DashboardOverview />
      <WidgetBoard />
      <div style={{ flex: 1, minHeight: 0 }}><Workspace /></div>
    </div>
  );
}
