import { useEffect } from 'react';
import { Classes } from '@blueprintjs/core';
import { useSettings } from '../core/settings';

/**
 * Applies the theme and colour-weak mode to <body>, so Blueprint portals (drawers, dialogs, toasts),
 * which render outside the app root, follow the theme too.
 */
export function ThemeController() {
  const { theme, colorWeak } = useSettings();
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
    document.documentElement.dataset.theme = theme;
    document.documentElement.classList.toggle('tessera-color-weak', colorWeak);
  }, [theme, colorWeak]);
  return null;
}
