/**
 * Which product origins have a tab open, for the scheduled checks (lib/checks.ts). The worker knows
 * the tabs whose content script holds a bridge port; but a restarted worker has no ports until each
 * tab sends its next message, so when it knows none for an origin it asks every tab's content script
 * where it runs (`chrome.tabs.sendMessage` needs no permission; a tab without our content script just
 * does not answer). Reading tab URLs would need the `tabs` permission or a host permission for the
 * product origins, which the production build does not have.
 */

/** Worker → content script: "which product origin is this tab on?" The content script answers `{ origin }`. */
export const PRESENCE_QUESTION = { kind: 'checks:presence' } as const;
export type PresenceQuestion = typeof PRESENCE_QUESTION;
export interface PresenceAnswer { origin: string }

export interface ProductTabDeps {
  /** Every tab id (chrome.tabs.query({}): ids need no permission). */
  tabIds(): Promise<number[]>;
  /** The top frame's content script's answer, or null (no content script of ours there). */
  ask(tabId: number): Promise<PresenceAnswer | null>;
}

export function createProductTabs(d: ProductTabDeps) {
  // port → origin, while it is open (keyed by the port: a tab that navigates connects its new port before the old one's disconnect arrives)
  const ports = new Map<object, string>();

  return {
    /** A bridge port from a tab of `origin` connected. */
    connected(port: object, origin: string) { ports.set(port, origin); },
    /** That port disconnected (the tab closed or navigated away, or the extension stopped). */
    disconnected(port: object) { ports.delete(port); },

    async isOpen(origin: string): Promise<boolean> {
      for (const o of ports.values()) if (o === origin) return true;
      const ids = await d.tabIds().catch(() => [] as number[]);
      const answers = await Promise.all(ids.map((id) => d.ask(id).catch(() => null)));
      return answers.some((a) => a?.origin === origin);
    },
  };
}

export type ProductTabs = ReturnType<typeof createProductTabs>;
