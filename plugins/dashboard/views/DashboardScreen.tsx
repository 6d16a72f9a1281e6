import { WidgetBoard, Workspace } from '@kernel';

/** The dashboard: the widgets the areas contribute, then the operator's tiled workspace. */
export default function DashboardScreen() {
  return (
    <div className="dashboard-screen" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <WidgetBoard />
      <div style={{ flex: 1, minHeight: 0 }}><Workspace /></div>
    </div>
  );
}
