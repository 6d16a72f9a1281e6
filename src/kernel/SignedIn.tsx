import { useEffect, type ReactNode } from 'react';
import { useApi, useKernel } from './KernelProvider';
import { useSession } from './core/session';
import { ReloginDialog } from './auth/ReloginDialog';
import { useServerMenu } from './shell/server-menu';
import { useDocCatalogueLoader } from './graph/doc-catalogue';
import { useExtensionChecks } from './bridge/extension-status';
import { ExtensionDialogs } from './bridge/ExtensionDialogs';
import { RunnerHost } from './runner/RunnerHost';
import { useRowOutputsRecorder } from './list/row-outputs-recorder';
import { CommandPalette } from './runner/CommandPalette';
import { WebVersionCheck } from './shell/WebVersionCheck';
import { leadScheduledChecks } from './shell/watch-checks-start';
import { leadApprovalChecks } from './shell/approvals-start';
import { leadLibrarySync } from './shell/library-start';
import type { WhileLeading } from './runner/RunnerHost';
import { startTeamPolicy, teamPolicyNow } from './shell/team-policy-start';
// Tracks, from sign-in on, the last focused element outside overlays, where a dialog opened from a menu
// or the palette returns focus. The dialogs that read it load on first use (the palette's since
// docs/DECISIONS.md, "The dashboard loads what it shows"): the tracking must not wait for them.
import './core/focus-return';

/** What the leader tab runs besides the jobs: the watch's scheduled checks, the jobs waiting for approval and the library's sync. */
const whileLeading: WhileLeading = (runner, kernel) => {
  const stops = [leadScheduledChecks(runner, kernel), leadApprovalChecks(runner, kernel), leadLibrarySync(runner, kernel)];
  return () => stops.forEach((stop) => stop());
};

export interface SignedInProps {
  /** Reloads the profile (the re-login dialog calls it once the operator signed in again). */
  refresh: () => void;
  /** Run the 5-minute web-version check. */
  versionCheck: boolean;
  extensionChecks: boolean;
  flush?: () => Promise<void>;
  children: ReactNode;
}

/**
 * What a signed-in page runs around its screens: the runner, the command palette, the server menu,
 * the platform's document catalogue, the extension checks, the re-login dialog and the 5-minute
 * web-version check. KernelRoot loads
 * this module only once there is a session, so the login page does without its code.
 */
export default function SignedIn({ refresh, versionCheck, extensionChecks, flush, children }: SignedInProps) {
  return (
    <RunnerHost flush={flush} whileLeading={whileLeading} teamPolicy={teamPolicyNow}>
      <SignedInServices refresh={refresh} extensionChecks={extensionChecks} />
      {versionCheck && <WebVersionCheck />}
      <CommandPalette />
      {children}
    </RunnerHost>
  );
}
SignedIn.displayName = 'SignedIn';

function SignedInServices({ refresh, extensionChecks }: { refresh: () => void; extensionChecks: boolean }) {
  const api = useApi();
  const { bridge, i18n } = useKernel();
  const session = useSession();
  useServerMenu(api);
  useDocCatalogueLoader(api, i18n);
  useRowOutputsRecorder();
  // the active team's action policy, which the runner checks every job against (docs/TEAMS.md)
  useEffect(() => startTeamPolicy(api), [api]);
  const checking = extensionChecks && !!session.token && !!session.info;
  useExtensionChecks(api, bridge.transport, checking);
  return (
    <>
      <ReloginDialog onLoggedIn={refresh} />
      {checking && <ExtensionDialogs />}
    </>
  );
}
