import { passwordRecheck, reauthRequired } from './api';
import type { Bridge } from '@kernel';

/**
 * The password re-check of the destructive page writes (docs/SPEC.md, pages), run once per job as the
 * action's `prepare`: only a success lets the job's items run; otherwise the job stops with the
 * re-check's own words. The password is a writeOnly parameter, never stored with the job.
 */
export async function requireRecheck(bridge: Bridge, password: string | undefined, signal: AbortSignal): Promise<{ rechecked: true }> {
  const result = await passwordRecheck(bridge, password ?? '', { signal });
  if (!result.success) throw new Error(result.message || 'The password re-check failed.');
  return { rechecked: true };
}

/** An admin invitation: the platform's reauth check first; the password is asked of it only when it wants one. */
export async function reauthIfNeeded(bridge: Bridge, password: string | undefined, signal: AbortSignal): Promise<{ rechecked: boolean }> {
  if (!(await reauthRequired(bridge, { signal }))) return { rechecked: false };
  if (!password) throw new Error('The platform asks for your password again before inviting admins: enter it and start again.');
  return requireRecheck(bridge, password, signal);
}
