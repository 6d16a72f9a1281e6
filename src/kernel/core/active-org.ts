/**
 * The organisation the signed-in user works in on this browser (docs/TEAMS.md, "Scope"): every API request
 * names it in the `x-tessera-org` header (src/kernel/api/product-api.ts); none is the user's own work. It is
 * one per user and browser, so every tab of the user works in the same organisation: a change in one tab
 * reaches the others through the `storage` event.
 */
import { useSyncExternalStore } from 'react';
import { getItem, physicalKey, removeItem, setItem, type StorageSchema } from '../storage';

export type ActiveOrg = StorageSchema['tessera-org'];

const listeners = new Set<() => void>();
let snapshot: ActiveOrg | null | undefined;

function read(): ActiveOrg | null {
  const stored = getItem('tessera-org');
  if (!stored || typeof stored !== 'object' || !Number.isInteger(stored.id) || stored.id < 1) return null;
  return stored;
}

const same = (a: ActiveOrg | null | undefined, b: ActiveOrg | null) => (a ?? null) === b || (!!a && !!b && a.id === b.id && a.name === b.name && a.role === b.role);

/**
 * The organisation requests act in now, or null for the user's own work. Read from storage each time (the
 * signed-in user may change in this tab); the same value keeps its identity, for `useSyncExternalStore`.
 */
export function activeOrg(): ActiveOrg | null {
  const now = read();
  if (snapshot === undefined || !same(snapshot, now)) snapshot = now;
  return snapshot;
}

function changed(): void {
  activeOrg();
  for (const l of [...listeners]) l();
}

/** Works in `org` from now on (null: the user's own work), in every tab of this user. */
export function setActiveOrg(org: ActiveOrg | null): void {
  if (org) setItem('tessera-org', { id: org.id, name: org.name, role: org.role });
  else removeItem('tessera-org');
  changed();
}

/** Calls `listener` when the organisation changes, in this tab or another. */
export function subscribeActiveOrg(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

function onStorage(e: StorageEvent): void {
  // another tab switched (or the signed-in user changed, which changes the key itself)
  if (e.key === null || e.key === physicalKey('tessera-org') || e.key === 'uid') changed();
}

/** The organisation requests act in, kept current in a component. */
export function useActiveOrg(): ActiveOrg | null {
  return useSyncExternalStore(subscribeActiveOrg, activeOrg, () => null);
}

/** A removal the server reported (40302): which organisation, and the server's words for it. */
export interface OrgRemoval { org: ActiveOrg | { id: number; name: string }; info: string }
const removalListeners = new Set<(removal: OrgRemoval) => void>();

/**
 * The server refused a request naming `orgId` (the user is no longer a member): the page leaves that
 * organisation if it still works in it, and tells whoever listens (the shell says so to the user).
 */
export function reportNotMember(orgId: number, info: string): void {
  const current = activeOrg();
  const org = current?.id === orgId ? current : { id: orgId, name: '' };
  if (current?.id === orgId) setActiveOrg(null);
  for (const l of [...removalListeners]) l({ org, info });
}

/** Calls `listener` when the server reports the user removed from an organisation. */
export function onOrgRemoval(listener: (removal: OrgRemoval) => void): () => void {
  removalListeners.add(listener);
  return () => { removalListeners.delete(listener); };
}
