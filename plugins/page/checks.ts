/**
 * What the dry run says about a page before anything is sent: each action's effect in the operator's
 * words (`describe`) and what the list already shows (`preflight`): the operator lacks the task the
 * change needs. Keys are in this plugin's locale (`effects.*`, `preflight.*`).
 */
import type { JobItem, PreflightProblem } from '@kernel';

/** A page as the list publishes it with its selection (views/PageList.tsx `toItem`). */
export interface PageItem extends JobItem {
  name?: string;
  /** The operator's tasks on the page (me/accounts `tasks`); absent for a page pasted by link. */
  tasks?: string[];
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
