/**
 * The kernel context's types, where the barrel and the runner have always found them: the user is the
 * session's (core/session.ts), the object a plugin's `activate` receives is the plugin contract's
 * (plugin/types.ts), each defined in the lowest layer that needs it.
 */
export type { KernelUser } from './core/session';
export type { KernelContext } from './plugin/types';
