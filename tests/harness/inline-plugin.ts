import { definePlugin } from '../../src/kernel/plugin/define-plugin';
import type { ActionHandlers, LazyComponent, LocaleTree, PluginDefinition, SupportedLocale, ViewProps, WidgetProps } from '../../src/kernel/plugin/types';
import type { JobItem } from '../../src/kernel/runner/types';

type Handlers = ActionHandlers<JobItem, any, any>;

/** A test plugin written in one object: manifest fields with their code beside them, split into plugin.json data and bindings. */
export interface InlinePlugin {
  id: string;
  titleKey?: string;
  icon?: string;
  order?: number;
  hideInMenu?: boolean;
  roles?: string[];
  cache?: boolean;
  routes?: { name?: string; path: string; titleKey?: string; roles?: string[]; cache?: boolean; component: LazyComponent }[];
  views?: { name: string; titleKey?: string; rowType?: string; component: LazyComponent<ViewProps> }[];
  actions?: ({ verb: string; target?: string; idempotent?: boolean; irreversible?: boolean; readOnly?: boolean; lane?: string; roles?: string[]; output?: Record<string, unknown>; pairs?: { param: string }; operations?: string[] } & Handlers)[];
  lanes?: Record<string, unknown>;
  scope?: { pattern: string; usageKey: string };
  widgets?: { name: string; titleKey?: string; size?: 'small' | 'medium' | 'large'; chart?: boolean; component: LazyComponent<WidgetProps> }[];
  locales?: Record<SupportedLocale, LocaleTree>;
}

const kebab = (verb: string) => verb.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function inlinePlugin(p: InlinePlugin): PluginDefinition {
  const routes = (p.routes ?? []).map((r, i) => ({ ...r, name: r.name ?? (i === 0 ? 'index' : `r${i}`) }));
  const manifest = {
    id: p.id, titleKey: p.titleKey ?? 'title', icon: p.icon ?? 'cube', order: p.order ?? 1,
    ...(p.hideInMenu !== undefined && { hideInMenu: p.hideInMenu }), ...(p.roles && { roles: p.roles }), ...(p.cache !== undefined && { cache: p.cache }),
    routes: routes.map(({ component: _c, ...r }) => ({ ...r, titleKey: r.titleKey ?? 'title' })),
    ...(p.views && { views: p.views.map(({ component: _c, ...v }) => v) }),
    ...(p.actions && { actions: p.actions.map(({ verb, target = 'adaccount', idempotent = true, irreversible, readOnly, lane = 'graph', roles, output, pairs, operations }) => ({ verb, target, idempotent, ...(irreversible !== undefined && { irreversible }), ...(readOnly !== undefined && { readOnly }), lane, ...(roles && { roles }), ...(output && { output }), ...(pairs && { pairs }), ...(operations && { operations }) })) }),
    ...(p.lanes && { lanes: p.lanes }),
    ...(p.scope && { scope: p.scope }),
    ...(p.widgets && { widgets: p.widgets.map(({ component: _c, ...w }) => w) }),
  };
  return definePlugin(manifest, {
    routes: Object.fromEntries(routes.map((r) => [r.name, r.component])),
    views: Object.fromEntries((p.views ?? []).map((v) => [v.name, v.component])),
    actions: Object.fromEntries((p.actions ?? []).map(({ verb, run, verify, toBatch, prepare, preflight, describe, undo }) => [
      `./actions/${kebab(verb)}.ts`, async () => ({ default: { id: `${p.id}.${verb}`, run, verify, toBatch, prepare, preflight, describe, undo } }),
    ])),
    widgets: Object.fromEntries((p.widgets ?? []).map((w) => [w.name, w.component])),
    locales: p.locales ?? { 'zh-CN': { title: '测试' }, 'en-US': { title: 'Test' } },
  });
}
