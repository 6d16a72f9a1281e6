// Which schemas exist, not their validators (those load with the runner): keeps the first screen small.
import { rowTypes as contributedRowTypes, schemaKeys } from '../../generated/schema-index.js';
import type { JobItem } from '../jobs/item';
import { KERNEL_LANES, laneProblems } from '../jobs/lanes';
import { verbToFile } from './define-plugin';
import type {
  ActionHandlers, ActionLoader, ActionModule, LoadedPlugin, PluginAction, PluginBindings, PluginDefinition, PluginManifest, PluginRoute,
  PluginNeed, PluginView, PluginWatch, PluginWidget, RefusedPlugin,
} from './types';
import { WATCH_FIELDS, WATCH_TYPES } from '../../../protocol/api/watch';
import { validateManifest } from './validate-manifest';
import { withItemParams } from './item-params';

export interface PluginRegistry {
  /** Plugins that passed validation, in menu order. */
  plugins: LoadedPlugin[];
  refused: RefusedPlugin[];
}

/**
 * Builds the registry from plugin modules (`{ source: module }`, as `import.meta.glob('/plugins/*\/index.ts')`
 * gives them), each exporting `definePlugin(manifest, bindings)`. A manifest is validated (in a production
 * build, by the build: validate-manifest.ts), and its bindings matched to its declarations, before anything of it is used; nothing is loaded here (every binding is
 * lazy). An invalid or clashing plugin is refused and the rest load normally.
 */
export function createRegistry(modules: Record<string, unknown>): PluginRegistry {
  const plugins: LoadedPlugin[] = [];
  const refused: RefusedPlugin[] = [];
  const taken = {
    ids: new Set<string>(), paths: new Map<string, string>(), lanes: new Map<string, string>(Object.keys(KERNEL_LANES).map((l) => [l, 'kernel'])),
    rowTypes: new Map<string, string>(KERNEL_ROW_TYPES.map((t) => [t, 'kernel'])), watchTypes: new Map<string, string>(),
  };

  for (const [source, mod] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    const definition = (mod && typeof mod === 'object' && 'default' in mod ? (mod as { default: unknown }).default : mod) as PluginDefinition | undefined;
    const manifest = definition?.manifest;
    const id = typeof manifest?.id === 'string' ? manifest.id : undefined;
    if (!definition || typeof definition !== 'object' || !manifest || !definition.bindings) {
      refused.push({ source, id, message: 'not a plugin: index.ts must export definePlugin(manifest, bindings) as default' });
      continue;
    }
    const problems = validateManifest(manifest);
    if (problems.length) {
      refused.push({ source, id, message: `invalid manifest: ${problems.join('; ')}` });
      continue;
    }
    const problem = bindingProblem(manifest, definition.bindings) ?? clash(manifest, taken);
    if (problem) {
      refused.push({ source, id, message: problem });
      continue;
    }
    taken.ids.add(manifest.id);
    manifest.routes.forEach((r) => taken.paths.set(r.path, manifest.id));
    Object.keys(manifest.lanes ?? {}).forEach((l) => taken.lanes.set(l, manifest.id));
    (manifest.rowTypes ?? []).forEach((t) => taken.rowTypes.set(t, manifest.id));
    if (manifest.watch) taken.watchTypes.set(manifest.watch.type, manifest.id);
    plugins.push(resolve(manifest, definition.bindings));
  }
  plugins.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  for (const r of refused) console.error(`[tessera] plugin ${r.id ?? r.source} refused: ${r.message}`);
  return { plugins, refused };
}

/** The action file a verb is bound to, among `import.meta.glob('./actions/*.ts')` keys. */
function actionFile(verb: string): string {
  return `./actions/${verbToFile(verb)}.ts`;
}

/** Every declaration has its code and every binding its declaration: a name typed twice cannot drift silently. */
function bindingProblem(m: PluginManifest, b: PluginBindings): string | null {
  // A route a view names is the view's screen: it has no code of its own (the view's is rendered there).
  const viewRoutes = (m.views ?? []).flatMap((v) => (v.route === undefined ? [] : [v.route]));
  const routeNames = new Set(m.routes.map((r) => r.name));
  for (const v of m.views ?? []) if (v.route !== undefined && !routeNames.has(v.route)) return `view "${v.name}" names the route "${v.route}", which plugin.json does not declare`;
  const sharedRoute = viewRoutes.find((name, i) => viewRoutes.indexOf(name) !== i);
  if (sharedRoute) return `route "${sharedRoute}" is named by two views`;
  const ownRoute = viewRoutes.find((name) => b.routes?.[name] !== undefined);
  if (ownRoute) return `route "${ownRoute}" is a view's screen (views[].route), so index.ts binds no code to it`;
  const pairs: [string, string[], Record<string, unknown> | undefined][] = [
    ['route', m.routes.map((r) => r.name).filter((name) => !viewRoutes.includes(name)), b.routes],
    ['view', (m.views ?? []).map((v) => v.name), b.views],
    ['widget', (m.widgets ?? []).map((w) => w.name), b.widgets],
    ['action', (m.actions ?? []).map((a) => actionFile(a.verb)), b.actions],
  ];
  for (const [kind, declared, bound] of pairs) {
    const names = new Set(declared);
    const twice = declared.find((name, i) => declared.indexOf(name) !== i);
    if (twice) return `${kind} "${twice}" is declared twice`;
    for (const name of declared) if (typeof bound?.[name] !== 'function') return `${kind} "${name}" is declared in plugin.json but index.ts binds no code to it`;
    for (const name of Object.keys(bound ?? {})) if (!names.has(name)) return `index.ts binds ${kind} "${name}", which plugin.json does not declare`;
  }
  const needProblem = needsProblem(m, b) ?? watchProblem(m, b);
  if (needProblem) return needProblem;
  if (!b.locales?.['zh-CN'] || !b.locales?.['en-US']) return 'both locales (zh-CN, en-US) are required';
  if (m.settings && !schemaKeys.has(`${m.id}.settings`)) return 'the settings schema is not compiled (run npm run schemas)';
  return null;
}

/**
 * Needs (docs/PLUGINS.md, "What needs the operator") have their counters' module bound, and the other way
 * round; each is declared once and links into its own area (one of the plugin's routes), so a figure on
 * the dashboard always opens the list that holds what it counts.
 */
function needsProblem(m: PluginManifest, b: PluginBindings): string | null {
  const needs = m.needs ?? [];
  if (needs.length && typeof b.needs !== 'function') return "needs are declared in plugin.json but index.ts binds no code to them (needs: () => import('./needs'))";
  if (!needs.length && b.needs !== undefined) return 'index.ts binds needs, which plugin.json does not declare';
  const paths = new Set(m.routes.map((r) => r.path));
  const names = new Set<string>();
  for (const n of needs) {
    if (names.has(n.name)) return `need "${n.name}" is declared twice`;
    names.add(n.name);
    const path = n.link.split('?')[0];
    if (!paths.has(path)) return `need "${n.name}" links to ${path}, which is not a route of this plugin`;
  }
  return null;
}

/**
 * What the watch keeps (docs/PLUGINS.md, "What the watch keeps") has its mapping bound, and the other way
 * round; its row type is one of the plugin's, its fields the type's (`WATCH_FIELDS`), its words name
 * declared fields and its link is one of the plugin's routes.
 */
function watchProblem(m: PluginManifest, b: PluginBindings): string | null {
  const w = m.watch;
  if (w && typeof b.watch !== 'function') return "watch is declared in plugin.json but index.ts binds no code to it (watch: () => import('./watch'))";
  if (!w) return b.watch !== undefined ? 'index.ts binds watch, which plugin.json does not declare' : null;
  if (!WATCH_TYPES.includes(w.type)) return `watch names the type "${w.type}", which the watch does not keep (${WATCH_TYPES.join(', ')})`;
  const rowType = w.rowType ?? w.type;
  if (!(m.rowTypes ?? []).includes(rowType)) return `watch names the rowType "${rowType}", which this plugin does not contribute (its "rowTypes")`;
  const known = WATCH_FIELDS[w.type] as Record<string, string>;
  for (const f of w.fields) if (!(f in known)) return `watch names the field "${f}", which the watch does not keep for ${w.type} (${Object.keys(known).join(', ')})`;
  for (const f of Object.keys(w.words ?? {})) if (!w.fields.includes(f)) return `watch words the field "${f}", which its "fields" do not name`;
  if (w.link !== undefined) {
    const path = w.link.split('?')[0];
    if (!m.routes.some((r) => r.path === path)) return `watch links to ${path}, which is not a route of this plugin`;
  }
  const checkIds = (w.checks ?? []).map((c) => c.id);
  const twice = checkIds.find((id, i) => checkIds.indexOf(id) !== i);
  if (twice) return `watch declares the check "${twice}" twice`;
  return null;
}

/** Row types of the kernel's own lists (the jobs panel); every other row type is some plugin's (its manifest's `rowTypes`). */
const KERNEL_ROW_TYPES: readonly string[] = ['job'];

/**
 * A view's rowType and an action's target name a row type some plugin contributes: this one, or any plugin
 * of the app (compiled from every plugins/<id>/plugin.json by npm run schemas), so the manifest's schema
 * lists no area's row types and a plugin loaded alone may still act on another area's rows.
 */
function rowTypeProblem(m: PluginManifest): string | null {
  const known = (t: string) => KERNEL_ROW_TYPES.includes(t) || contributedRowTypes.has(t) || (m.rowTypes ?? []).includes(t);
  for (const v of m.views ?? []) if (v.rowType && !known(v.rowType)) return `view "${v.name}" names the rowType "${v.rowType}", which no plugin contributes (a plugin's "rowTypes")`;
  for (const a of m.actions ?? []) if (!known(a.target)) return `action "${m.id}.${a.verb}" targets the rowType "${a.target}", which no plugin contributes (a plugin's "rowTypes")`;
  // the objects a plugin declares are the rows of its own lists
  const formats = new Set<string>();
  for (const o of m.objects ?? []) {
    if (!(m.rowTypes ?? []).includes(o.rowType)) return `objects of format "${o.format}" name the rowType "${o.rowType}", which this plugin does not contribute (its "rowTypes")`;
    if (formats.has(o.format)) return `objects of format "${o.format}" are declared twice`;
    formats.add(o.format);
  }
  return null;
}

function clash(m: PluginManifest, taken: { ids: Set<string>; paths: Map<string, string>; lanes: Map<string, string>; rowTypes: Map<string, string>; watchTypes: Map<string, string> }): string | null {
  if (taken.ids.has(m.id)) return `duplicate plugin id "${m.id}"`;
  for (const t of m.rowTypes ?? []) if (taken.rowTypes.has(t)) return `rowType "${t}" is already contributed by ${taken.rowTypes.get(t)}`;
  if (m.watch && taken.watchTypes.has(m.watch.type)) return `the watch's type "${m.watch.type}" is already kept by ${taken.watchTypes.get(m.watch.type)}`;
  const rowTypes = rowTypeProblem(m);
  if (rowTypes) return rowTypes;
  const seen = new Set<string>();
  for (const r of m.routes) {
    if (taken.paths.has(r.path) || seen.has(r.path)) return `duplicate route "${r.path}" (already used by ${taken.paths.get(r.path) ?? m.id})`;
    seen.add(r.path);
  }
  for (const [laneId, lane] of Object.entries(m.lanes ?? {})) {
    if (taken.lanes.has(laneId)) return `lane "${laneId}" is already declared by ${taken.lanes.get(laneId)}`;
    const problems = laneProblems(laneId, lane);
    if (problems.length) return `lane "${laneId}": ${problems.join('; ')}`;
  }
  const verbs = new Set<string>();
  for (const a of m.actions ?? []) {
    if (verbs.has(a.verb)) return `duplicate action "${m.id}.${a.verb}"`;
    verbs.add(a.verb);
    if (!(a.lane in KERNEL_LANES) && !(a.lane in (m.lanes ?? {}))) return `action "${m.id}.${a.verb}" names the unknown lane "${a.lane}" (kernel lanes: ${Object.keys(KERNEL_LANES).join(', ')}; or declare it under "lanes")`;
  }
  if (m.scope) {
    try { new RegExp(m.scope.pattern); } catch { return `scope pattern "${m.scope.pattern}" is not a valid regular expression`; }
  }
  return null;
}

function resolve(m: PluginManifest, b: PluginBindings): LoadedPlugin {
  const views: PluginView[] = (m.views ?? []).map((v) => ({
    id: `${m.id}.${v.name}`, titleKey: v.titleKey ?? `views.${v.name}`, rowType: v.rowType, ...(v.defaultTile && { defaultTile: true }),
    ...(v.follow && { follow: v.follow.rowType }), ...(v.route !== undefined && { route: m.routes.find((r) => r.name === v.route)!.path }),
    component: b.views![v.name],
  }));
  const routes: PluginRoute[] = m.routes.map((r) => {
    const view = views.find((v) => v.route === r.path);
    return view ? { ...r, view: view.component } : { ...r, component: b.routes![r.name] };
  });
  const widgets: PluginWidget[] = (m.widgets ?? []).map((w) => ({
    id: `${m.id}.${w.name}`, pluginId: m.id, titleKey: w.titleKey ?? `widgets.${w.name}.title`, size: w.size ?? 'small', chart: w.chart ?? false, component: b.widgets![w.name],
  }));
  const needs: PluginNeed[] = (m.needs ?? []).map((n) => ({
    id: `${m.id}.${n.name}`, pluginId: m.id, name: n.name, titleKey: n.titleKey ?? `needs.${n.name}`, link: n.link, intent: n.intent ?? 'warning',
  }));
  const watch: PluginWatch | undefined = m.watch && {
    ...m.watch, rowType: m.watch.rowType ?? m.watch.type, titleKey: m.watch.titleKey ?? m.titleKey, load: b.watch!,
  };
  const actions: PluginAction[] = (m.actions ?? []).map((a) => {
    const id = `${m.id}.${a.verb}`;
    return {
      id, pluginId: m.id, verb: a.verb, titleKey: `actions.${a.verb}.title`, target: a.target,
      schema: schemaKeys.has(id) ? id : null, idempotent: a.idempotent, irreversible: a.irreversible === true, readOnly: a.readOnly === true, lane: a.lane, roles: a.roles, output: a.output, pairs: a.pairs,
      operations: a.operations ?? [], load: loadOnce(id, b.actions![actionFile(a.verb)]),
    };
  });
  return {
    id: m.id, titleKey: m.titleKey, icon: m.icon, order: m.order, hideInMenu: m.hideInMenu, roles: m.roles ?? ['*'], cache: m.cache,
    routes, views, actions, lanes: m.lanes ?? {}, scope: m.scope, widgets, ...(needs.length && { needs, countNeeds: b.needs }), ...(m.objects?.length && { objects: m.objects }), ...(m.vocabularies && { vocabularies: m.vocabularies }), ...(watch && { watch }), settings: m.settings, locales: b.locales, activate: b.activate, probes: b.probes,
  };
}

/** Loads an action's module once; a module bound to another id is a packaging mistake, refused loudly. */
function loadOnce(id: string, loader: ActionLoader): () => Promise<ActionHandlers<JobItem, unknown, unknown>> {
  let loading: Promise<ActionHandlers<JobItem, unknown, unknown>> | null = null;
  return () => {
    loading ??= loader().then((loaded) => {
      const mod = (loaded as { default?: ActionModule<JobItem, unknown, unknown> } | null)?.default;
      if (!mod || typeof mod.run !== 'function') throw new Error(`the action module of "${id}" has no run handler`);
      if (mod.id !== id) throw new Error(`the action module bound to "${id}" declares "${mod.id}"`);
      // every handler gets one item's parameters: its own values (an imported row's) over the job's
      return withItemParams(mod as ActionHandlers<JobItem, unknown, unknown>);
    });
    loading.catch(() => { loading = null; });
    return loading;
  };
}

export { usablePlugins } from './usable';
