/**
 * Opens a page for the scheduled checks (lib/checks.ts) without taking the operator's focus: a
 * background tab in a normal window they have (the focused one first), else a new window, minimized and
 * unfocused. Incognito windows are never used: the extension does not run there, and the checks would
 * run without the operator's session.
 */
export interface WindowSeen { id?: number; focused: boolean; incognito: boolean }

export interface BackgroundTabDeps {
  /** chrome.windows.getAll({ windowTypes: ['normal'] }) */
  normalWindows(): Promise<WindowSeen[]>;
  /** chrome.tabs.create */
  createTab(options: { url: string; active: false; windowId: number }): Promise<{ id?: number }>;
  /** chrome.windows.create */
  createWindow(options: { url: string; focused: false; state: 'minimized' }): Promise<{ tabs?: { id?: number }[] } | undefined>;
}

/** Answers the id of the tab it opened (null if Chromium gave none). */
export async function openInBackground(url: string, d: BackgroundTabDeps): Promise<number | null> {
  const windows = (await d.normalWindows()).filter((w) => !w.incognito && w.id !== undefined);
  const target = windows.find((w) => w.focused) ?? windows[0];
  if (target) return (await d.createTab({ url, active: false, windowId: target.id! })).id ?? null;
  const created = await d.createWindow({ url, focused: false, state: 'minimized' });
  return created?.tabs?.[0]?.id ?? null;
}
