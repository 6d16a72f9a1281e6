/**
 * How many invitations are addressed to the signed-in user (docs/TEAMS.md, "Roles"), as far as this page
 * knows: null until read. A menu screen declared `"menuIf": "invitations"` (the team plugin's
 * invitations) is listed only while some are, so it goes once the last one was accepted or declined.
 * Read once per page by the side menu when a screen needs it, and told again by whoever reads or answers
 * them (the team menu, the invitations screen, a join by link).
 */
import { useSyncExternalStore } from 'react';
import type { ApiClient } from './client';
import { API, apiGet } from './endpoints';

let count: number | null = null;
let reading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The page now knows `n` invitations are addressed to the user (null: it does not know). */
export function noteMyInvites(n: number | null): void {
  if (count === n) return;
  count = n;
  for (const l of [...listeners]) l();
}

/** Reads them again from the server (after a join by link, say); a failure leaves what the page knew. */
export function refreshMyInvites(api: Pick<ApiClient, 'get'>): Promise<void> {
  reading ??= apiGet(api, API.org.myInvites).then((list) => noteMyInvites(Array.isArray(list) ? list.length : 0), () => undefined).finally(() => { reading = null; });
  return reading;
}

/** The count, kept current in a component (null while the page does not know it). */
export function useMyInvitesCount(): number | null {
  return useSyncExternalStore((l) => { listeners.add(l); return () => { listeners.delete(l); }; }, () => count, () => null);
}

/** Forgets the count (another user signed in; tests). */
export function forgetMyInvites(): void {
  reading = null;
  noteMyInvites(null);
}
