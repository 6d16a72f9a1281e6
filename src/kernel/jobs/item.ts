/**
 * An item a job works on: anything with a string id. The plugin contract (an action's handlers) and
 * the runner both speak of it, so it lives below both.
 */
export interface JobItem { id: string; [key: string]: unknown }
