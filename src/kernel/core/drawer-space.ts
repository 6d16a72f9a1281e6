import { useEffect } from 'react';

/**
 * Toasts show at the top centre of the window, above every overlay. A drawer open at the right (the jobs
 * panel takes 60 % of the width) would have them cover its title and close button, so while one is open
 * the toasts centre in the space left of it: the widest open drawer's size is the CSS variable
 * `--tessera-drawer-space` on the root, which the toast container's right edge follows (shell.css).
 */
const openDrawers = new Map<symbol, string>();

function applyDrawerSpace(): void {
  const sizes = [...new Set(openDrawers.values())];
  const root = document.documentElement.style;
  if (sizes.length === 0) root.removeProperty('--tessera-drawer-space');
  else root.setProperty('--tessera-drawer-space', sizes.length === 1 ? sizes[0]! : `max(${sizes.join(', ')})`);
}

/** Keeps the toasts beside a drawer at the right while it is open; `size` is the drawer's CSS width. */
export function useDrawerSpace(isOpen: boolean, size: string): void {
  useEffect(() => {
    if (!isOpen) return undefined;
    const key = Symbol('drawer');
    openDrawers.set(key, size);
    applyDrawerSpace();
    return () => {
      openDrawers.delete(key);
      applyDrawerSpace();
    };
  }, [isOpen, size]);
}
