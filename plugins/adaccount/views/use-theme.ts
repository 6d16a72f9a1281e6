import { useSettings } from '@kernel';

export function useSettingsTheme(): 'light' | 'dark' {
  return useSettings().theme;
}
