import { useLayoutEffect, useRef } from 'react';
import { Classes } from '@blueprintjs/core';

/**
 * Where focus goes back to when a dialog closes. Blueprint returns focus itself only when a dialog
 * closes with `isOpen={false}` and plays its exit transition; the kernel's dialogs that unmount on
 * close (the action dialog, the job confirmation, undo, secrets…) never reach that, and a dialog
 * opened from a menu or the command palette (both overlays that close as it opens) would send focus
 * back to an element that is gone. Focus then fell to the page (`<body>`), and a keyboard or screen
 * reader operator started again from the top of the page. docs/DECISIONS.md ("Every screen an
 * operator's screen").
 */

/** The last element outside any overlay that had focus: where a dialog opened from a menu returns to. */
let lastOutside: HTMLElement | null = null;

const outsideOverlays = (el: Element | null): el is HTMLElement =>
  el instanceof HTMLElement && el !== document.body && !el.closest(`.${Classes.PORTAL}`);

if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (outsideOverlays(event.target as Element | null)) lastOutside = event.target as HTMLElement;
  }, true);
}

/** The element focus should go back to when an overlay opened now closes. */
export function focusOrigin(): HTMLElement | null {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  return outsideOverlays(active) ? active : lastOutside?.isConnected ? lastOutside : null;
}

/**
 * While `open`, remembers where focus came from; when it closes (or the component unmounts), puts
 * focus back there, unless something else took focus meanwhile (a dialog opened from this one, a
 * field the operator clicked). An element gone or disabled is left: focus stays where it is.
 */
export function useReturnFocus(open: boolean): void {
  const origin = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return undefined;
    origin.current = focusOrigin();
    return () => {
      const target = origin.current;
      origin.current = null;
      if (!target) return;
      // After the overlay's own cleanup, which may move focus first (Blueprint's focus into the next overlay).
      setTimeout(() => {
        const now = document.activeElement;
        const lost = !now || now === document.body || !now.isConnected;
        if (lost && target.isConnected) target.focus();
      }, 0);
    };
  }, [open]);
}
