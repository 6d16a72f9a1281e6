import { useEscapeFromPage } from '../core/use-escape-from-page';
import { useDrawerSpace } from '../core/drawer-space';
import { lazyOverlay } from '../core/lazy-overlay';

export const SETTINGS_DRAWER_WIDTH = 360;

/**
 * The drawer with its content (src/kernel/shell/SettingsForm.tsx: Blueprint's Drawer, the forms with its
 * numeric input and each plugin's settings form) loads when the drawer first opens, not with the navbar
 * on every screen (docs/DECISIONS.md, "The dashboard loads what it shows").
 */
const SettingsPanel = lazyOverlay<{ isOpen: boolean; onClose: () => void }>(async () => (await import('./SettingsForm')).SettingsPanel, 'settings drawer');

export function SettingsDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  useEscapeFromPage(isOpen, onClose);
  useDrawerSpace(isOpen, `${SETTINGS_DRAWER_WIDTH}px`);
  return <SettingsPanel isOpen={isOpen} onClose={onClose} />;
}
SettingsDrawer.displayName = 'SettingsDrawer';
