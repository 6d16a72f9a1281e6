import type { ActionHandlers, LoadedPlugin, PluginAction } from '../../src/kernel/plugin/types';
import type { JobItem } from '../../src/kernel/runner/types';
import type { ActionEntry } from '../../src/kernel/runner/runner';
import { withItemParams } from '../../src/kernel/plugin/item-params';

/** A loaded plugin as the registry gives it, with only what a runner test needs. */
export function testPlugin(id: string, extra: Partial<LoadedPlugin> = {}): LoadedPlugin {
  return {
    id, titleKey: 'title', icon: 'cube', order: 1, roles: ['*'], routes: [], views: [], actions: [], lanes: {}, widgets: [],
    locales: { 'zh-CN': {}, 'en-US': {} }, ...extra,
  };
}

/**
 * An action as the kernel holds it: declarations, and handlers behind `load()` (counted in `loads`).
 * `id` is `<plugin>.<verb>`; `schema` defaults to the id (a compiled action schema, plugins/<id>/actions/<verb>.schema.json).
 */
export function testAction<Item extends JobItem = JobItem, Params = any>(
  decl: Partial<Omit<PluginAction, 'load'>> & { id: string },
  handlers: ActionHandlers<Item, Params, unknown>,
): PluginAction & { loads: number } {
  const [pluginId, verb] = decl.id.split('.');
  const action = {
    pluginId, verb, titleKey: `actions.${verb}.title`, target: pluginId, schema: decl.id, idempotent: true, lane: 'graph', operations: [],
    ...decl,
    loads: 0,
    load: async () => {
      action.loads += 1;
      // as the registry loads them: every handler gets one item's own values over the job's
      return withItemParams(handlers as unknown as ActionHandlers<JobItem, unknown, unknown>);
    },
  };
  return action;
}

/** The runner's `actions` dependency for the given plugin and actions. */
export function actionMap(plugin: LoadedPlugin, ...actions: PluginAction[]): Map<string, ActionEntry> {
  return new Map(actions.map((action) => [action.id, { plugin, action }]));
}
