import { useSyncExternalStore } from 'react';
import { getItem, setItem } from '../storage';

export interface ShellSettings {
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  footer: boolean;
  tabBar: boolean;
  menuFromServer: boolean;
  menuWidth: number;
  colorWeak: boolean;
  theme: 'light' | 'dark';
}

export const DEFAULT_SETTINGS: ShellSettings = {
  navbar: true,
  menu: true,
  topMenu: false,
  footer: true,
  tabBar: true,
  menuFromServer: false,
  menuWidth: 220,
  colorWeak: false,
  theme: 'light',
};

export const MENU_WIDTH_RANGE = { min: 160, max: 400 } as const;

/** Keeps only known keys of the right type, so a stale or hand-edited entry cannot break the shell. */
export function sanitizeSettings(raw: unknown): ShellSettings {
  const out: ShellSettings = { ...DEFAULT_SETTINGS };
  if (!raw || typeof raw !== 'object') return out;
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof ShellSettings)[]) {
    const value = r[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key]) (out as unknown as Record<string, unknown>)[key] = value;
  }
  if (out.theme !== 'light' && out.theme !== 'dark') out.theme = DEFAULT_SETTINGS.theme;
  if (!Number.isFinite(out.menuWidth)) out.menuWidth = DEFAULT_SETTINGS.menuWidth;
  out.menuWidth = Math.min(MENU_WIDTH_RANGE.max, Math.max(MENU_WIDTH_RANGE.min, Math.round(out.menuWidth)));
  return out;
}

let current: ShellSettings = sanitizeSettings(getItem('tessera-settings'));
const listeners = new Set<() => void>();

export function getSettings(): ShellSettings {
  return current;
}

export function updateSettings(patch: Partial<ShellSettings>): void {
  current = sanitizeSettings({ ...current, ...patch });
  setItem('tessera-settings', { ...current });
  listeners.forEach((l) => l());
}

/** Re-reads the stored settings (tests and a storage reset use it). */
export function reloadSettings(): void {
  current = sanitizeSettings(getItem('tessera-settings'));
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): ShellSettings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}
