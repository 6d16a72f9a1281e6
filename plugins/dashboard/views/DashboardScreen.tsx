import { Workspace } from '@kernel';

/** The dashboard is the operator's tiled workspace: any area's views side by side. */
export default function DashboardScreen() {
  return <Workspace />;
}
