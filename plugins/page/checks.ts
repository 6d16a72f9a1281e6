/**
 * What the dry run says about a page before anything is sent: each action's effect in the operator's
 * words (`describe`) and what the list already shows (`preflight`): the operator lacks the task the
 * change needs. Keys are in this plugin's locale (`effects.*`, `preflight.*`).
 */
import type { Bridge, CallOptions, JobItem, PreflightProblem } from '@kernel';
import { pageBusiness } from './api';

/** A page as the list publishes it with its selection (views/PageList.tsx `toItem`). */
export interface PageItem extends JobItem {
  name?: string;
  /** The operator's tasks on the page (me/accounts `tasks`); absent for a page pasted by link. */
  tasks?: string[];
  /** The page's business id as the list read it (`''`: none); absent for a page pasted by link. */
  business?: string;
  /** The paired entry of a pair action (a user id). */
  pair?: string;
}

export const label = (key: string) => ({ t: key });

export const pageName = (item: PageItem) => (item.name ? `${item.name} (${item.id})` : item.id);

/** The task a change needs; a page pasted by link has no known tasks and is let through (the platform decides). */
export function taskProblem(item: PageItem, task: 'MANAGE' | 'MODERATE'): PreflightProblem | null {
  if (!/^\d+$/.test(item.id)) return { key: 'preflight.notPage', values: { id: item.id } };
  if (item.tasks && !item.tasks.includes(task)) return { key: 'preflight.noTask', values: { page: pageName(item), task: label(`tasks.${task}`) } };
  return null;
}

/** The pair of a pair item, or for an item run without pairs the first entry of the list parameter. */
export function pairOf(item: PageItem, list: string | readonly string[] | undefined): string {
  if (typeof item.pair === 'string') return item.pair;
  return Array.isArray(list) ? list[0] ?? '' : typeof list === 'string' ? list : '';
}

/** Pasted lines (keywords, ids): trimmed, no blanks, no duplicates, in order. */
export function lines(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!line || seen.has(line.toLowerCase())) continue;
    seen.add(line.toLowerCase());
    out.push(line);
  }
  return out;
}

/** Roles go to a business's people (`{page}/assigned_users`): a page the list shows outside any business has none to give. */
export function businessProblem(item: PageItem): PreflightProblem | null {
  return item.business === '' ? { key: 'preflight.noBusiness', values: { page: pageName(item) } } : null;
}

/** Thrown by a role action's `run` for a page outside any business (started without the dry run): nothing is sent. */
export class NoBusinessError extends Error {}

/** The page's business: as the list read it, else read from the page (`business{id}`); none throws NoBusinessError. */
export async function businessOf(bridge: Bridge, item: PageItem, o: CallOptions = {}): Promise<string> {
  const business = item.business || (item.business === undefined ? await pageBusiness(bridge, item.id, o) : null);
  if (!business) throw new NoBusinessError(`${pageName(item)}: the page belongs to no business, so it has no business people to give roles to`);
  return business;
}
