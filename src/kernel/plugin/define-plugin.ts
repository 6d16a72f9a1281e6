import type { ActionParams } from '../../generated/action-params';
import type { JobItem } from '../jobs/item';
import type { ActionHandlers, ActionModule, PluginBindings, PluginDefinition, PluginManifest } from './types';

/**
 * Binds a plugin's code to its manifest (plugins/<id>/plugin.json). The manifest stays data; every
 * loader in `bindings` is lazy, so reading all manifests at boot runs no area code. The registry
 * checks that each declared route, view, action and widget has its binding and the other way round.
 */
export function definePlugin(manifest: PluginManifest | Record<string, unknown>, bindings: PluginBindings): PluginDefinition {
  return { manifest: manifest as PluginManifest, bindings };
}

/** The parameters of an action, typed from its JSON Schema (generated into src/generated/action-params.d.ts). */
export type ParamsOf<Id extends string> = Id extends keyof ActionParams ? ActionParams[Id] : Record<string, never>;

/**
 * Declares an action's code: `export default defineAction('adaccount.rename', { run, verify, toBatch })`.
 * The id ties the module to its manifest entry (`<plugin>.<verb>`); the parameters' type comes from
 * the action's schema, never written twice.
 */
export function defineAction<Id extends string, Item extends JobItem = JobItem, Output = unknown>(
  id: Id,
  handlers: ActionHandlers<Item, ParamsOf<Id>, Output>,
): ActionModule<Item, ParamsOf<Id>, Output> {
  return { id, ...handlers };
}

/** `addUser` → `add-user`: an action's file name from its verb. */
export function verbToFile(verb: string): string {
  return verb.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
