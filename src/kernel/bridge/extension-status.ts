import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import type { ApiClient } from '../api/client';
import { API, apiGet } from '../api/endpoints';
import type { LatestRecord as ApiLatestRecord } from '../../../protocol/api';
import type { BridgeTransport } from './transport';
import { clearKeys, getItem, setItem } from '../storage';
import { probeExtension } from './probe';
import { versionBelow } from '../../../protocol';

/**
 * The latest extension record (`API.runtime.latestExtension`, protocol/api/runtime.ts); without
 * `minVersion` nothing is a forced update.
 */
export type LatestRecord = Omit<ApiLatestRecord, 'minVersion'> & Partial<Pick<ApiLatestRecord, 'minVersion'>>;

export type ExtensionStatus = 'empty' | 'loading' | 'needInstall' | 'needUpdate' | 'needChoseUpdate';

export interface ExtensionState {
  status: ExtensionStatus;
  version: string | null;
  latest: LatestRecord | null;
  /** The social identity of the session; null when the extension gave none. */
  identity: { id: string; name: string } | null;
  identityChecked: boolean;
  /** Set when the check ran on the dashboard, for the dashboard-only warnings. */
  checkedOnDashboard: boolean;
  /** Id of an installed extension found by the probe while no extension answered (installed, not active here). */
  probedId: string | null;
  /** The installed extension is older than the latest record's minVersion: nothing is sent to it. */
  belowMinimum: boolean;
  /** Dialogs the operator acknowledged this session. */
  dismissed: { install: boolean; login: boolean; optional: boolean };
}

export const IDENTITY_DELAY_MS = 1000;
const DASHBOARD = '/dashboard/index';

let state: ExtensionState = {
  status: 'empty', version: null, latest: null, identity: null, identityChecked: false, checkedOnDashboard: false, probedId: null, belowMinimum: false,
  dismissed: { install: false, login: false, optional: false },
};
const listeners = new Set<() => void>();

export function getExtensionState(): ExtensionState { return state; }
export function patchExtensionState(patch: Partial<ExtensionState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}
export function useExtensionState(): ExtensionState {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, getExtensionState, getExtensionState);
}

/** Compares versions and says what the operator must do (docs/SPEC.md section 4). */
export function statusFor(version: string | null, latest: LatestRecord | null): ExtensionStatus {
  if (version === null) return 'needInstall';
  if (isBelowMinimum(version, latest)) return 'needUpdate';
  if (!latest || !latest.version || latest.version === version) return 'empty';
  return latest.type === 1 ? 'needUpdate' : 'needChoseUpdate';
}

/** Is the installed extension older than the release the page still sends anything to? */
export function isBelowMinimum(version: string | null, latest: LatestRecord | null): boolean {
  return version !== null && !!latest?.minVersion && versionBelow(version, latest.minVersion);
}

/** Action or plugin ids that need a newer extension than the one installed (empty when up to date). */
export function blockedFunctions(s: ExtensionState = state): string[] {
  if (s.status !== 'needUpdate' && s.status !== 'needChoseUpdate') return [];
  return (s.latest?.func ?? []).map((f) => f.identify);
}

/** True when an action (`pixel.share`) or its plugin (`pixel`) waits for an extension update. */
export function isFunctionBlocked(id: string, s: ExtensionState = state): boolean {
  if (s.belowMinimum) return true;
  const blocked = blockedFunctions(s);
  return blocked.includes(id) || blocked.includes(id.split('.')[0]);
}

export async function checkVersion(api: ApiClient, transport: BridgeTransport): Promise<void> {
  patchExtensionState({ status: 'loading' });
  const version = await transport.version();
  let latest: LatestRecord | null = null;
  try {
    latest = await apiGet(api, API.runtime.latestExtension, { query: { version: version ?? undefined } });
  } catch (e) {
    console.warn('[tessera] extension version check failed', e); // the spec: only logged
  }
  const status = statusFor(version, latest);
  if (latest) {
    setItem('version', latest.version);
    setItem('version_web', latest.version_web);
    setItem('description', latest.description);
    setItem('downloadUrl', latest.url);
    setItem('versionUpdateTime', latest.create_time ?? '');
    setItem('needUpdateFuncList', blockedFunctions({ ...state, status, latest }));
    // A forced update names browser-storage keys to erase; erase them once per published version.
    if (status === 'needUpdate' && latest.clear_index && getItem('tessera-cleared-for') !== latest.version) {
      clearKeys(latest.clear_index);
      setItem('tessera-cleared-for', latest.version);
    }
  }
  let probedId: string | null = null;
  if (version === null) {
    console.warn('[tessera] extension version unknown (no reply within 5 s)');
    if (transport.kind === 'extension') probedId = await probeExtension();
  }
  patchExtensionState({ status, version, latest, probedId, belowMinimum: isBelowMinimum(version, latest) });
}

export async function refreshIdentity(transport: BridgeTransport, uid: string | undefined): Promise<void> {
  let identity: ExtensionState['identity'];
  try {
    identity = await transport.identity(uid);
  } catch (e) {
    // The lists wait for a checked identity: a failed check must still end (an earlier known one stays).
    console.warn('[tessera] platform identity check failed', e);
    identity = state.identity;
  }
  if (identity) {
    setItem('fbid', identity.id);
    setItem('fbname', identity.name);
  }
  patchExtensionState({ identity, identityChecked: true });
}

/**
 * On every navigation with a token: the version check, then 1 s later the identity refresh. The
 * dashboard-only warnings read `checkedOnDashboard`.
 */
export function useExtensionChecks(api: ApiClient, transport: BridgeTransport, enabled: boolean): void {
  const { pathname } = useLocation();
  const running = useRef(false);
  useEffect(() => {
    if (!enabled || running.current) return;
    running.current = true;
    patchExtensionState({ checkedOnDashboard: pathname === DASHBOARD });
    const identityTimer = setTimeout(() => {
      void refreshIdentity(transport, getItem('uid')).finally(() => { running.current = false; });
    }, IDENTITY_DELAY_MS);
    void checkVersion(api, transport).catch((e) => console.warn('[tessera] extension check failed', e));
    return () => {
      clearTimeout(identityTimer);
      running.current = false;
    };
  }, [api, transport, enabled, pathname]);
}

/**
 * The platform user id lists are read as (docs/DECISIONS.md, "Lists are read as a known platform
 * identity"): undefined until this page has asked the extension or the demo executor, null when it gave
 * none (no platform session), else the social account's id. Not the id a past page left in storage:
 * the browser may have signed in to another social account since.
 */
export function platformUserId(s: ExtensionState = state): string | null | undefined {
  if (!s.identityChecked) return undefined;
  return s.identity?.id ?? null;
}

export function usePlatformUserId(): string | null | undefined {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, () => platformUserId(), () => platformUserId());
}
