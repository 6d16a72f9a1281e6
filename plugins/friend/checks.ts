/** The dry run's words for a friend-request item (`describe`) and what the list already shows (`preflight`). */
import type { JobItem, PreflightProblem } from '@kernel';
import { canApply, type Direction, type FriendOp, type FriendRequestRow, type FriendshipStatus } from './requests';

/** A request as a list publishes it with its selection; for `send`, the session account with `pair` = the person. */
export interface FriendItem extends JobItem {
  name?: string;
  direction?: Direction;
  status?: FriendshipStatus;
  /** the person of a send item (pairs: the session account × each pasted id) */
  pair?: string;
  /** true for the session account row a send job is made of */
  account?: boolean;
}

export const toItem = (r: FriendRequestRow): FriendItem => ({ id: r.id, name: r.name, direction: r.direction, status: r.status });

/** "Name (id)" as the dry run names a person. Platform text: the dialog renders it as text. */
export const personName = (item: FriendItem) => (item.name ? `${item.name} (${item.id})` : item.id);

/** The person a send item is for. */
export function sendTarget(item: FriendItem, uids: string | readonly string[] | undefined): string {
  if (typeof item.pair === 'string') return item.pair;
  return Array.isArray(uids) ? uids[0] ?? '' : typeof uids === 'string' ? uids : '';
}

export function requestProblem(item: FriendItem, op: Exclude<FriendOp, 'send'>): PreflightProblem | null {
  if (!/^\d+$/.test(item.id)) return { key: 'preflight.notPerson', values: { id: item.id } };
  if (item.status !== undefined && !canApply(item.status, op)) {
    return { key: op === 'cancel' ? 'preflight.notSentPending' : 'preflight.notReceivedPending', values: { person: personName(item) } };
  }
  return null;
}
