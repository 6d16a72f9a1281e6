import type { ComponentType } from 'react';
import type { KernelContext } from '../context-types';
import type { Bridge } from '../bridge/bridge';

/** A lazily loaded module whose default export is a React component. */
export type LazyComponent<P = object> = () => Promise<{ default: ComponentType<P> }>;

export type LocaleTree = { [key: string]: string | LocaleTree };
export type SupportedLocale = 'zh-CN' | 'en-US';

export interface PluginRoute {
  /** Absolute path, e.g. `/adaccount/index`. */
  path: string;
  titleKey: string;
  component: LazyComponent;
  /** Keep the screen mounted while its tab is open (the spec's tab cache). Defaults to the plugin's `cache`. */
  cache?: boolean;
  /** Never cache this route, whatever the plugin says. */
  ignoreCache?: boolean;
  roles?: string[];
}

/** Props every view receives when it is shown in a workspace tile. */
export interface ViewProps {
  tileId: string;
  /** Ids selected in the tile this one follows (null when it follows none). */
  followedSelection: FollowedSelection | null;
  /** A view publishes its selection through this, so other tiles can follow it. */
  publishSelection: (rowType: string, ids: readonly string[]) => void;
}

export interface FollowedSelection {
  sourceTileId: string;
  rowType: string;
  ids: readonly string[];
}

export interface PluginView {
  /** `<plugin>.<name>`, unique across plugins. */
  id: string;
  titleKey: string;
  /** What a row of this view is (`adaccount`, `business`…), published with its selection. */
  rowType?: string;
  component: LazyComponent<ViewProps>;
}

export interface ActionContext {
  signal: AbortSignal;
  progress: (fraction: number) => void;
  /** The platform, through the runner: writes carry this item's request id, answers feed the lane's pacing. */
  bridge: Bridge;
  /** Id of this item's (first) write, stored before it is sent so a reload can settle it. */
  requestId: string;
}

export interface PluginAction<Item = unknown, Params = unknown> {
  /** `<plugin>.<verb>`. */
  id: string;
  titleKey: string;
  /** The row type the action applies to. */
  target: string;
  /** Key of the compiled parameter schema: `<plugin>.<action>` for schemas/actions/<plugin>/<action>.json. */
  schema: string;
  idempotent: boolean;
  lane: string;
  roles?: string[];
  toBatch?: (item: Item, params: Params) => unknown;
  run: (item: Item, params: Params, ctx: ActionContext) => Promise<unknown>;
  verify?: (item: Item, params: Params, ctx: ActionContext) => Promise<boolean>;
}

export interface PluginManifest {
  id: string;
  titleKey: string;
  icon: string;
  order: number;
  hideInMenu?: boolean;
  roles?: string[];
  cache?: boolean;
  routes: PluginRoute[];
  views?: PluginView[];
  actions?: PluginAction<any, any>[];
  locales: Record<SupportedLocale, LocaleTree>;
  activate?: (ctx: KernelContext) => void | (() => void);
}

/** A manifest that passed validation and the duplicate checks. */
export interface LoadedPlugin extends PluginManifest {
  roles: string[];
  views: PluginView[];
  actions: PluginAction<any, any>[];
}

export interface RefusedPlugin {
  source: string;
  id?: string;
  message: string;
}
