import type { RowOutputs } from '@kernel';

/** Deactivated as the newest of the page's deactivate or deactivation-state results says (a deactivation lasts until its end). */
export function isDeactivated(outputs: RowOutputs | undefined, now = Date.now()): boolean {
  const set = outputs?.['page.deactivate'];
  const read = outputs?.['page.deactivationState'];
  const latest = !set ? read : !read ? set : set.at >= read.at ? set : read;
  if (!latest) return false;
  const value = latest.value as { deactivated?: boolean; until?: string } | null;
  if (latest === read && value?.deactivated === false) return false;
  const until = value?.until ? Date.parse(value.until) : NaN;
  return Number.isNaN(until) ? latest === set || value?.deactivated === true : until > now;
}
