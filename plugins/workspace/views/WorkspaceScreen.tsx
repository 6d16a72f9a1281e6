import { Workspace } from '@kernel';

/**
 * The tiled workspace on its own screen (the kernel's, src/kernel/workspace/Workspace.tsx): any view as a
 * tile, saved workspaces and the first-time layout. It fills the screen below the tab bar; the dashboard
 * keeps the overview and the widgets, and its first screen no longer carries the workspace's code.
 */
export default function WorkspaceScreen() {
  return <div className="tessera-workspace-screen"><Workspace /></div>;
}
