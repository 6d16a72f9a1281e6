import type { ApiClient } from './client';
import { API, apiGet } from './endpoints';
import { setRuntime } from './runtime';

/**
 * Reads `/api/runtime` again now (the Graph version an admin just set, a #2635 answer): what the
 * 5-minute check does (src/kernel/shell/WebVersionCheck.tsx), at once. Failures are only logged.
 */
export async function refreshRuntime(api: ApiClient): Promise<void> {
  try {
    setRuntime(await apiGet(api, API.runtime.runtime));
  } catch (e) {
    console.warn('[tessera] runtime read failed', e);
  }
}
