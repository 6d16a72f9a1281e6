import type { CallFamilyDeclaration } from './call-families';
import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { KernelBus } from '../bus';
import type { KernelUser } from '../core/session';
import type { LocaleSource, SupportedLocale } from '../i18n/types';
import type { JobItem } from '../jobs/item';
import type { LaneDeclaration } from '../jobs/lanes';
import type { Bridge } from '../bridge/bridge';
import type { BatchRequest } from '../graph/batch';
import type { PasteDeclaration } from '../graph/resolve-ids';
import type { KernelStore } from '../store/store';
import type { WatchRow, WatchType } from '../../../protocol/api/watch';

export type { LocaleSource, LocaleTree, SupportedLocale } from '../i18n/types';

/** A lazily loaded module whose default export is a React component. */
export type LazyComponent<P = object> = () => Promise<{ default: ComponentType<P> }>;


// ---------------------------------------------------------------------------------------------
// The manifest: plugins/<id>/plugin.json, checked against schemas/plugin.schema.json. Pure data,
// read by the app (menu, routes, tiles, runner, dashboard) and by the server (menu and policy
// catalogue) before any code of the plugin runs.
// ---------------------------------------------------------------------------------------------

export interface RouteDeclaration {
  /** Binding name in index.ts (`routes: { index: () => import(...) }`). */
  name: string;
  /** Absolute path, e.g. `/adaccount/index`. */
  path: string;
  titleKey: string;
  /** Keep the screen mounted while its tab is open (the tab cache). Defaults to the plugin's `cache`. */
  cache?: boolean;
  /** Never cache this route, whatever the plugin says. */
  ignoreCache?: boolean;
  roles?: string[];
  /**
   * A screen of the area besides its first route: listed in the menu under the area, and in the
   * command palette as a "go to" entry (docs/PLUGINS.md, "Screens in the menu").
   */
  menu?: boolean;
  /**
   * Listed in the menu only while this holds: `invitations`, while invitations are addressed to the user
   * (src/kernel/api/my-invites.ts; listed while the page does not know yet).
   */
  menuIf?: 'invitations';
}

export interface ViewDeclaration {
  /** Binding name; the view id is `<plugin>.<name>`. */
  name: string;
  /** Defaults to `views.<name>`. */
  titleKey?: string;
  /** What a row of this view is (a row type some plugin's `rowTypes` contributes), published with its selection. */
  rowType?: string;
  /** A first-time user's workspace opens this view beside the jobs panel. */
  defaultTile?: boolean;
  /**
   * The route (by name, declared under `routes`) whose screen is this view: the kernel renders the
   * view there too (`placement: 'route'`), so the route needs no code of its own in index.ts.
   */
  route?: string;
  /** Which other tile's selection this view filters by: a tile receives only a selection of this row type. */
  follow?: { rowType: string };
}

export type { JitterStep, LaneDeclaration } from '../jobs/lanes';

/** The one object a plugin's `activate` receives. */
export interface KernelContext {
  bus: KernelBus;
  store: KernelStore;
  t: TFunction;
  user: KernelUser | null;
  /** Plugins the current user may use. */
  plugins: readonly LoadedPlugin[];
}

/** How an item maps to the platform's rate-limit scope (an ad account is limited on its own). */
export interface ScopeDeclaration {
  /** Item ids matching this pattern are their own scope. */
  pattern: string;
  /** The scope a key of the per-object usage header names, `{key}` standing for the key (`act_{key}`). */
  usageKey: string;
}

/** A JSON Schema (draft 2020-12) kept as data. */
export type JsonSchema = Record<string, unknown>;

export interface ActionDeclaration {
  /** The action id is `<plugin>.<verb>`; its title key `actions.<verb>.title`; its handlers `actions/<verb in kebab-case>.ts`; its parameter schema, if it has parameters, beside them: `actions/<verb in kebab-case>.schema.json`. */
  verb: string;
  /** The row type it applies to (docs/INTERFACES.md section 2). */
  target: string;
  idempotent: boolean;
  /**
   * The action cannot be undone (deleting a page, removing from a business): the action dialog says
   * "cannot be undone" and asks for a typed confirmation before Start. Each declaration is justified
   * in docs/DECISIONS.md; keep the list short.
   */
  irreversible?: boolean;
  /**
   * The action only reads: nothing on the platform changes. Every other action is a write: its
   * applied items are reported to the server (job records) and it either declares an inverse in its
   * code (`undo`, the jobs panel then offers "Undo N changes") or says before Start that it cannot be undone.
   */
  readOnly?: boolean;
  /** A kernel lane (`graph`, `graph-write`, `list-pages`) or one the plugin declares. */
  lane: string;
  roles?: string[];
  /** What one item returns: an object (one row of columns) or an array of such objects. Column titles are `actions.<verb>.output.<property>`. */
  output?: JsonSchema;
  /** Items are pairs: each selected item × each entry of this array parameter, paced and counted per pair. */
  pairs?: { param: string };
  /** Web GraphQL operations the action sends (names from the document catalogue); one without a document id disables the action. */
  operations?: string[];
}

export interface WidgetDeclaration {
  /** Binding name; the widget id is `<plugin>.<name>`. */
  name: string;
  /** Defaults to `widgets.<name>.title`. */
  titleKey?: string;
  /** Grid width on the dashboard. */
  size?: 'small' | 'medium' | 'large';
  /** A chart: the dashboard shows charts after every plugin's figures (ECharts loads only when one comes into view). */
  chart?: boolean;
}

/**
 * Something of the area that needs the operator now (disabled ad accounts, restricted businesses…),
 * counted over the area's cached lists and shown in the dashboard's "What needs you now" with a link
 * that opens the list already filtered to those rows. The count, and which cached lists it reads, are
 * the plugin's code (`needs` binding, loaded when the dashboard shows): the kernel names no area, no
 * list and no status, and the manifest repeats no cache key (docs/PLUGINS.md).
 */
export interface NeedDeclaration {
  /** Its counter's name in the needs module; the need id is `<plugin>.<name>`. */
  name: string;
  /** What is counted, in the operator's words ("Disabled ad accounts"). Defaults to `needs.<name>`. */
  titleKey?: string;
  /**
   * Where the figure leads: one of this plugin's routes with the list's address state
   * (`/adaccount/index?status=DISABLED`, `/adaccount/index?f.cap_used_pct=>=90&sort=cap_used_pct:desc`).
   */
  link: string;
  /** The figure's colour when above zero. Default `warning`. */
  intent?: 'danger' | 'warning';
}

/**
 * Which rows are objects an operator may pick where a form asks for them: the rows of `rowType`
 * (each with its `id` and `name`) are objects of the id format `format` (src/kernel/platform/pasted.ts).
 * The plugin that owns the kind also says how its ids are pasted (`paste`); the kernel names no kind.
 */
export interface ObjectSourceDeclaration {
  /** The object kind, as an action schema's `"format"` names it (`account`, `page` …): any name but the kernel's `email` and `id`. */
  format: string;
  rowType: string;
  /** How an operator may paste an id of this kind: declared by one plugin of the app, the kind's owner. */
  paste?: PasteDeclaration;
}


/**
 * What the watch keeps of this area's objects (issue 34; docs/PLUGINS.md, "What the watch keeps"):
 * whenever a list of `rowType` loads, the kernel sends its rows as the plugin's watch module maps them
 * (`toSnapshot`), only those changed since the last send. The kernel names no area: the type, the
 * fields, their words and the link are the plugin's.
 */
export interface WatchDeclaration {
  /** The watch's type of these objects (protocol/api/watch.ts, `WATCH_TYPES`). */
  type: WatchType;
  /** The row type of the lists that hold them (one of this plugin's `rowTypes`); default `type`. */
  rowType?: string;
  /** The object kind as a word, in this plugin's strings; default the plugin's title. */
  titleKey?: string;
  /** The fields of the type its lists fill (`WATCH_FIELDS[type]`). */
  fields: string[];
  /** Per field, the key prefix of its codes' words in this plugin's strings (a list field: the member's role). */
  words?: Record<string, string>;
  /** One of this plugin's routes with `{id}` (or `{digits}`, the id without its `act_`-like word) for the object's id: where an object of the feed leads. */
  link?: string;
  /**
   * The scheduled checks of these objects (issue 34 item 4): background reads the leader tab runs every
   * `every` seconds unless the operator chose otherwise; the watch module's `checks[id]` reads the rows.
   */
  checks?: WatchCheckDeclaration[];
}

/** One scheduled check: its key is `<watch type>.<id>` (`adaccount.health`). */
export interface WatchCheckDeclaration {
  id: string;
  /** What it reads, in the operator's words (this plugin's strings). */
  titleKey: string;
  /** How often it runs by default, in seconds. */
  every: number;
  /** The web GraphQL queries it posts (its background bridge lets only these through). */
  operations?: string[];
}

/** What a scheduled check is given: a background bridge (docs/DECISIONS.md, "Background reads"), its abort signal, who reads. */
export interface WatchCheckContext {
  bridge: Bridge;
  signal: AbortSignal;
  /** The platform user id the rows are read as (null: the page knows of no platform session). */
  platformUserId: string | null;
}

/** A scheduled check's read: the rows of the area's list (what `toSnapshot` maps), every one of them. */
export type WatchCheck = (ctx: WatchCheckContext) => Promise<readonly unknown[]>;

/** One object of a list as the watch keeps it: its id, its name and any of its type's fields. */
export type WatchSnapshotRow = WatchRow;

/** What a plugin's watch module exports: a row of its list as the watch's fields (fields not loaded left out). */
export interface WatchModule {
  toSnapshot: (row: never) => WatchSnapshotRow | null;
  /** The manifest's `watch.checks`, by id. */
  checks?: Record<string, WatchCheck>;
}

/** The data of plugins/<id>/plugin.json. */
export interface PluginManifest {
  id: string;
  titleKey: string;
  icon: string;
  order: number;
  hideInMenu?: boolean;
  /** The row types this plugin contributes (what a row of its lists is); views and actions of any plugin may name them. */
  rowTypes?: string[];
  /**
   * The platform objects this plugin's lists hold, by id format: a form field that names objects of
   * that format (`"format"` in its schema) offers this row type's loaded rows and open tiles' selections
   * in its picker. The row type is one of this plugin's `rowTypes`.
   */
  objects?: ObjectSourceDeclaration[];
  /**
   * The platform vocabularies this plugin words for other areas: a name → the key prefix of its words
   * in its locale files (`{ "accountStatus": "status" }`: `status.<code>`, and `status.unknown`).
   * Another plugin reads them with `useVocabulary(name)` from `@kernel`, without importing this one.
   */
  vocabularies?: Record<string, string>;
  roles?: string[];
  cache?: boolean;
  routes: RouteDeclaration[];
  views?: ViewDeclaration[];
  actions?: ActionDeclaration[];
  lanes?: Record<string, LaneDeclaration>;
  scope?: ScopeDeclaration;
  widgets?: WidgetDeclaration[];
  /** What of this area needs the operator now, counted for the dashboard (`needs` binding). */
  needs?: NeedDeclaration[];
  /** What the watch keeps of this area's objects (`watch` binding). */
  watch?: WatchDeclaration;
  /** The plugin's settings as a JSON Schema object; the settings drawer renders it, values go through typed storage. */
  settings?: JsonSchema;
}

// ---------------------------------------------------------------------------------------------
// Code, bound to the manifest in plugins/<id>/index.ts and loaded only when used.
// ---------------------------------------------------------------------------------------------

/** Props every view receives when it is shown in a workspace tile or on its route. */
export interface ViewProps {
  /** Where the view publishes its selection: the tile's id, or `route:<path>` on its route screen. */
  tileId: string;
  /** In a workspace tile, or as the screen of the route its declaration names (`route`). */
  placement: 'tile' | 'route';
  /**
   * In a tile: the selection of the tile this one follows (null when it follows none, or when the
   * view declares `follow` and the selection is of another row type). On a route screen undefined:
   * a list then follows a selection of its row type published by any other view.
   */
  followedSelection?: FollowedSelection | null;
  /** A view publishes its selection through this, so other tiles can follow it. */
  publishSelection: (rowType: string, ids: readonly string[], items?: readonly JobItem[]) => void;
}

export interface FollowedSelection {
  sourceTileId: string;
  rowType: string;
  ids: readonly string[];
  items?: readonly JobItem[];
}

/** Props of a dashboard widget. */
export interface WidgetProps {
  /**
   * Opens the plugin's route, with an optional filter its list reads from the address: column id → the
   * filter as the address writes it (an option's key, `>=90`), `q` the search (`{ restricted: 'true' }`
   * opens `?f.restricted=true`; docs/DECISIONS.md, "Lists keep their state in the address").
   */
  open: (path: string, filter?: Record<string, string>) => void;
}

/** What a need's counter gets besides its lists. */
export interface NeedContext {
  store: KernelStore;
  /** Now, in ms (for states that last until a time, such as a page's deactivation). */
  now: number;
}

/** How one need is counted: the cached lists it reads and the count over them. */
export interface NeedCounter {
  /** The area's cache keys of the lists it reads (the constants its list view caches under), in the order `count` gets them. */
  lists: readonly string[];
  /**
   * How many rows need the operator: gets `lists` in order (each null while not cached or expired); null
   * when it cannot tell (its lists are not cached).
   */
  count: (lists: readonly (readonly unknown[] | null)[], ctx: NeedContext) => number | null;
}

/** What a plugin's needs module exports as default: one counter per declared need, by name. */
export type NeedCounters = Readonly<Record<string, NeedCounter>>;

export interface ActionContext {
  signal: AbortSignal;
  progress: (fraction: number) => void;
  /** The platform, through the runner: writes carry this item's request id, answers feed the lane's pacing. */
  bridge: Bridge;
  /** Id of this item's (first) write, stored before it is sent so a reload can settle it. */
  requestId: string;
  /** What `prepare` returned for this job (undefined without one). */
  prepared?: unknown;
}

export interface PrepareContext {
  signal: AbortSignal;
  bridge: Bridge;
  /** The job's items (the pairs, for a pair action). */
  items: readonly JobItem[];
}

/** A problem found before anything is sent: a message key in the plugin's namespace and its values. */
export interface PreflightProblem { key: string; values?: Record<string, unknown> }

/**
 * What one item would become, in the operator's words: a message key in the plugin's namespace and
 * its values (`old → new name`, `user X gets role Advertiser`). An effect on money names `amount` and
 * `currency` in its values, so the dry run can state a mixed-currency selection per currency.
 */
export interface ActionEffect { key: string; values?: Record<string, unknown> }

/** An item of a pair action: the selected item with the one entry of the paired parameter. */
export type PairItem<Item extends JobItem = JobItem> = Item & { pair: string };

/** The code of one action (`defineAction`), loaded when a job, dry run or preflight needs it. */
export interface ActionHandlers<Item extends JobItem = JobItem, Params = Record<string, never>, Output = unknown> {
  /** Handles ONE item; its return value is the item's output (see the declaration's `output`). */
  run: (item: Item, params: Params, ctx: ActionContext) => Promise<Output | void>;
  /** Whether an item already took effect (settling a write that may have landed). */
  verify?: (item: Item, params: Params, ctx: ActionContext) => Promise<boolean>;
  /** The item as a batch entry, when the lane batches. */
  toBatch?: (item: Item, params: Params) => BatchRequest;
  /** Runs once per job before any item; a throw stops the job with its message. Its result reaches every item as `ctx.prepared`. */
  prepare?: (params: Params, ctx: PrepareContext) => Promise<unknown>;
  /** Checks one item on the data the list already has (used by the dry run); null when fine. */
  preflight?: (item: Item, params: Params) => PreflightProblem | null;
  /** The item's effect in domain terms, for the dry run (nothing is sent); pure, on the list's data. */
  describe?: (item: Item, params: Params) => ActionEffect;
  /** How the write is undone (docs/UNDO.md); absent on reads and on writes that cannot be undone. */
  undo?: UndoHandlers<Item, Params>;
}

export type { ObjectState } from '../graph/read-states';
import type { ObjectState } from '../graph/read-states';

/** What an undo's platform read gets: the job's bridge (its lane, scope and budget) and its signal. */
export interface UndoReadContext { signal: AbortSignal; bridge: Bridge }

/**
 * The inverse of a write (docs/UNDO.md). The runner reads each item's before-state fresh from the
 * platform just before the write (`read`, one call for a group of items where the platform allows it),
 * keeps it with the item and the server's job records, and a finished job offers to put it back: the
 * undo's dry run reads the states again and flags every object changed since (its state no longer the
 * one the write left), which is left as it is.
 */
export interface UndoHandlers<Item extends JobItem = JobItem, Params = unknown> {
  /** Whether a job with these parameters can be undone (absent: always); a job that cannot keeps no before-state and offers no undo. */
  offered?: (params: Params) => boolean;
  /**
   * The parameters `read` depends on. Items that carry their own values (src/kernel/jobs/item.ts) are
   * read in groups of equal values of these; absent, every parameter counts (a rename whose read
   * ignores the new name declares `[]`, so a spreadsheet of names is still read 50 accounts a call).
   */
  readsParams?: readonly string[];
  /**
   * The items' current states, by job item id (for a pair action `<item>|<entry>`); fresh from the
   * platform. An item the platform did not answer for, for a passing reason, is left out: it is read
   * again (its write waits); a rate limit or a session error is thrown.
   */
  read: (items: readonly Item[], params: Params, ctx: UndoReadContext) => Promise<Map<string, ObjectState | null>>;
  /** The state the write leaves (the keys compared with the current state). */
  after: (item: Item, params: Params, before: ObjectState | null) => ObjectState;
  /** Puts `before` back (`before` null: the relation did not exist, so it is removed). */
  run: (item: Item, before: ObjectState | null, params: Params, ctx: ActionContext) => Promise<void>;
  /** Puts `before` back as a batch entry, when the action's lane batches (the undo job then sends its items in batches). */
  toBatch?: (item: Item, before: ObjectState | null, params: Params) => BatchRequest;
  /** The undo of one item in the operator's words (a key in the plugin's namespace). */
  describe: (item: Item, before: ObjectState | null, after: ObjectState) => ActionEffect;
}

/** What an action module exports as default. */
export interface ActionModule<Item extends JobItem = JobItem, Params = Record<string, never>, Output = unknown> extends ActionHandlers<Item, Params, Output> {
  /** `<plugin>.<verb>`: checked against the manifest entry the module is bound to. */
  id: string;
}

/** Loads an action module (`import.meta.glob` types it loosely; the registry checks what it gets). */
export type ActionLoader = () => Promise<unknown>;

/** What index.ts binds to the manifest. Every loader is lazy: reading manifests runs no area code. */
export interface PluginBindings {
  /** By route name; a route a view names (`views[].route`) is the view's and has no binding here. */
  routes?: Record<string, LazyComponent>;
  /** By view name. */
  views?: Record<string, LazyComponent<ViewProps>>;
  /** By file, as `import.meta.glob('./actions/*.ts')` gives them (`./actions/add-user.ts` ↔ verb `addUser`). */
  actions?: Record<string, ActionLoader>;
  /** By widget name. */
  widgets?: Record<string, LazyComponent<WidgetProps>>;
  locales: Record<SupportedLocale, LocaleSource>;
  /** Bus subscriptions and start-up work; loaded after the manifest is checked. */
  activate?: () => Promise<{ default: (ctx: KernelContext) => void | (() => void) }>;
  /** The counters of the needs the manifest declares (`needs`), loaded when the dashboard shows. */
  needs?: () => Promise<{ default: NeedCounters }>;
  /** The mapping of the declared `watch`: a list row as the watch's fields, loaded when a list of its row type has loaded. */
  watch?: () => Promise<WatchModule>;
  /** The platform check's call families of this plugin (src/kernel/plugin/call-families.ts), loaded when a check runs. */
  probes?: () => Promise<{ default: CallFamilyDeclaration[] }>;
}

/** index.ts's default export: the manifest with its bindings. */
export interface PluginDefinition {
  manifest: PluginManifest;
  bindings: PluginBindings;
}

// ---------------------------------------------------------------------------------------------
// What the kernel holds once a plugin passed validation: declarations resolved with their code.
// ---------------------------------------------------------------------------------------------

export interface PluginRoute extends RouteDeclaration {
  /** The route's own screen (bound in index.ts)… */
  component?: LazyComponent;
  /** …or the view whose declaration names the route (`views[].route`): the shell renders it with `placement: 'route'`. */
  view?: LazyComponent<ViewProps>;
}

export interface PluginView {
  /** `<plugin>.<name>`, unique across plugins. */
  id: string;
  titleKey: string;
  rowType?: string;
  defaultTile?: boolean;
  /** The row type whose selections it follows (declared `follow.rowType`). */
  follow?: string;
  /** The path of the route whose screen this view is. */
  route?: string;
  component: LazyComponent<ViewProps>;
}

export interface PluginAction {
  /** `<plugin>.<verb>`. */
  id: string;
  pluginId: string;
  verb: string;
  titleKey: string;
  target: string;
  /** Key of the compiled parameter schema (`<plugin>.<verb>`), or null for an action without parameters. */
  schema: string | null;
  idempotent: boolean;
  /** Declared `irreversible: true`: the dialog asks for a typed confirmation and says it cannot be undone. */
  irreversible?: boolean;
  /** Declared `readOnly: true`: nothing to undo, nothing reported, no confirmation asked. */
  readOnly?: boolean;
  lane: string;
  roles?: string[];
  output?: JsonSchema;
  pairs?: { param: string };
  operations: string[];
  /** Loads the handlers once (cached); rejects when the module is missing or bound to another id. */
  load: () => Promise<ActionHandlers<JobItem, unknown, unknown>>;
}

export interface PluginWidget {
  /** `<plugin>.<name>`. */
  id: string;
  pluginId: string;
  titleKey: string;
  size: 'small' | 'medium' | 'large';
  chart: boolean;
  component: LazyComponent<WidgetProps>;
}

export interface PluginNeed {
  /** `<plugin>.<name>`. */
  id: string;
  pluginId: string;
  name: string;
  titleKey: string;
  link: string;
  intent: 'danger' | 'warning';
}

export interface LoadedPlugin {
  id: string;
  titleKey: string;
  icon: string;
  order: number;
  hideInMenu?: boolean;
  roles: string[];
  cache?: boolean;
  routes: PluginRoute[];
  views: PluginView[];
  actions: PluginAction[];
  lanes: Record<string, LaneDeclaration>;
  scope?: ScopeDeclaration;
  widgets: PluginWidget[];
  /** What of the area needs the operator (declared `needs`), counted by `countNeeds`. */
  needs?: PluginNeed[];
  countNeeds?: PluginBindings['needs'];
  /** The objects its lists hold, by id format (declared `objects`): the sources of the kernel's object picker. */
  objects?: ObjectSourceDeclaration[];
  /** The vocabularies it words for other areas (declared `vocabularies`): name → key prefix. */
  vocabularies?: Record<string, string>;
  /** What the watch keeps of its objects (declared `watch`, `rowType` resolved), with its mapping. */
  watch?: PluginWatch;
  settings?: JsonSchema;
  locales: Record<SupportedLocale, LocaleSource>;
  activate?: PluginBindings['activate'];
  probes?: PluginBindings['probes'];
}

export interface PluginWatch extends WatchDeclaration {
  rowType: string;
  titleKey: string;
  load: () => Promise<WatchModule>;
}

export interface RefusedPlugin {
  source: string;
  id?: string;
  message: string;
}
