import { useSession } from '../core/session';
import { lazyOverlay } from '../core/lazy-overlay';

/**
 * The dialog (Blueprint's Dialog, the login fields) loads the first time a session needs it
 * (src/kernel/auth/ReloginDialogBox.tsx; docs/DECISIONS.md, "The dashboard loads what it shows").
 */
const ReloginDialogBox = lazyOverlay<{ isOpen: boolean; onLoggedIn: () => void }>(async () => (await import('./ReloginDialogBox')).ReloginDialogBox, 're-login dialog');

/** 50012 (logged in elsewhere) and 50014 (session expired): log in again without leaving the screen. */
export function ReloginDialog({ onLoggedIn }: { onLoggedIn: () => void }) {
  const session = useSession();
  return <ReloginDialogBox isOpen={!!session.relogin} onLoggedIn={onLoggedIn} />;
}
ReloginDialog.displayName = 'ReloginDialog';
