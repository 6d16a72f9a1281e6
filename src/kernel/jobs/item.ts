/**
 * An item a job works on: anything with a string id. The plugin contract (an action's handlers) and
 * the runner both speak of it, so it lives below both.
 *
 * An item may carry its own parameter values (`params`, e.g. one row of an imported spreadsheet: a
 * new name per account). They take the place of the job's values of the same names for that item
 * alone: the action's code gets them merged (`paramsFor`), the runner validates each item's merged
 * parameters, and they are stored with the item, so a resume, a retry and an undo keep them.
 */
export interface JobItem { id: string; params?: Record<string, unknown>; [key: string]: unknown }

/** The job item id of an item: its id, or `<id>|<entry>` for a pair action's item (which carries `pair`). */
export function itemIdOf(item: JobItem): string {
  return typeof item.pair === 'string' ? `${String(item.id)}|${item.pair}` : String(item.id);
}

/** The item's own parameter values, or null when it has none (it then takes the job's). */
export function ownParams(item: JobItem): Record<string, unknown> | null {
  const own = item.params;
  return own && typeof own === 'object' && !Array.isArray(own) && Object.keys(own).length ? own : null;
}

/** The parameters one item runs with: the job's, its own values over them. */
export function paramsFor<P>(item: JobItem, params: P): P {
  const own = ownParams(item);
  return own ? ({ ...(params as object ?? {}), ...own } as P) : params;
}

/** Whether any item of a job carries its own parameter values. */
export function hasOwnParams(items: readonly JobItem[]): boolean {
  return items.some((i) => ownParams(i) !== null);
}
