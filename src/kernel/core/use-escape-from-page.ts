import { useEffect } from 'react';
import { Classes } from '@blueprintjs/core';

/**
 * Closes an open drawer on Escape pressed while focus is on the page itself, not in an overlay.
 *
 * Blueprint closes a drawer on Escape only while focus is inside it. A dialog that closed as the
 * drawer opened (Start in an action dialog, then the jobs button) returns focus to its own button
 * when its exit transition ends, and a toast opened meanwhile takes the drawer's focus guard away
 * (the toaster becomes the last overlay opened): focus then stays on the page, and Escape closed
 * the toasts but left the drawer open. Escape inside the drawer or inside another overlay (a dialog
 * opened from the drawer) is left to that overlay's own handler.
 */
export function useEscapeFromPage(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (e.target instanceof Element && e.target.closest(`.${Classes.PORTAL}`)) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);
}
