/**
 * The platform check's probing (docs/PLATFORM-CHECK.md): the families tried one at a time, each finding
 * saved as it comes. Loaded with the first check (src/kernel/check/service.ts), not with the first screen.
 */
import type { Bridge } from '../bridge/bridge';
import type { KernelStore } from '../store/store';
import { identityKey, readCached } from '../store/ttl-cache';
import { platformUserId } from '../bridge/extension-status';
import { checkFamilies, type CheckFinding } from './engine';
import type { CallFamily } from '../plugin/call-families';
import { saveFinding } from './results';

/** How long a finding of a retired version waits for the runtime's newer version (steps × ms). */
const VERSION_WAIT_STEPS = 10;
const VERSION_WAIT_STEP_MS = 300;

export interface ProbeDeps {
  store: KernelStore;
  version: () => string;
  now: () => number;
  /** retired versions this check already waited for a newer one after (emptied at each run) */
  waitedFor: Set<string>;
  /** a family was tried (the check's progress) */
  saved: () => void;
}

/** Tries the families, one at a time (each through its own bridge), so a job on the same objects goes first. */
export async function probeFamilies(deps: ProbeDeps, families: readonly CallFamily[], bridge: (f: CallFamily) => Bridge, signal?: AbortSignal): Promise<CheckFinding[]> {
  // A list as this page's platform identity cached it (ttl-cache.ts `identityKey`); none while the identity is unknown.
  const cachedRows = <T,>(cacheKey: string): readonly T[] | null => {
    const fbid = platformUserId();
    if (fbid === undefined) return null;
    const hit = readCached<unknown>(deps.store, identityKey(cacheKey, fbid), deps.now());
    return hit.found && Array.isArray(hit.value) ? hit.value as T[] : null;
  };
  const probeOnce = (family: CallFamily) => checkFamilies([family], { bridge: bridge(family), signal, cachedRows, version: deps.version(), now: deps.now });
  const found: CheckFinding[] = [];
  for (const family of families) {
    let [finding] = await probeOnce(family);
    // A #2635 makes the tab read the runtime again (src/kernel/bridge/graph-version.ts): once an
    // admin's newer version arrives, the family is tried again on it.
    // (Waited for once per version: when no newer one comes, the other families are not held up.)
    if (finding?.fix === 'version' && !deps.waitedFor.has(finding.version!)) {
      deps.waitedFor.add(finding.version!);
      if (await versionChangedFrom(deps, finding.version!, signal)) [finding] = await probeOnce(family);
    }
    if (finding) {
      saveFinding(deps.store, finding, family);
      found.push(finding);
    }
    deps.saved();
  }
  return found;
}

/** Whether the Graph version changes from `from` within a few seconds (the runtime re-read a #2635 asked for). */
async function versionChangedFrom(deps: ProbeDeps, from: string, signal?: AbortSignal): Promise<boolean> {
  for (let i = 0; i < VERSION_WAIT_STEPS && !signal?.aborted; i++) {
    if (deps.version() !== from) return true;
    await new Promise((r) => setTimeout(r, VERSION_WAIT_STEP_MS));
  }
  return deps.version() !== from;
}
