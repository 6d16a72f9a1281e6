/**
 * An item a job works on: anything with a string id. The plugin contract (an action's handlers) and
 * the runner both speak of it, so it lives below both.
 */
export interface JobItem { id: string; [key: string]: unknown }

/** The job item id of an item: its id, or `<id>|<entry>` for a pair action's item (which carries `pair`). */
export function itemIdOf(item: JobItem): string {
  return typeof item.pair === 'string' ? `${String(item.id)}|${item.pair}` : String(item.id);
}
