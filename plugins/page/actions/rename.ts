import { defineAction, fillName, positionOf } from '@kernel';
import { renamePage } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';

type Params = { name: string; find?: string; replace?: string; regex?: boolean };

/**
 * The new name of one page: the pattern filled in for it (src/kernel/platform/name-pattern.ts; `{business}`
 * is the page's business id as the list read it), cut to the form's 75 characters. The dry run's preview
 * and the write both call this, so the written name is the previewed one.
 */
export function pageNameOf(item: PageItem, params: Params): string {
  return fillName(params.name, { name: item.name ?? '', id: item.id, business: item.business ?? '', currency: '' }, positionOf(item), params).slice(0, 75).trim();
}

/**
 * Renames pages through the name form (settings/account/name): status 1 when the reply has the name
 * field (the change is pending or allowed), else 0, with the reply's text as tips. A second request
 * within 7 days is refused, so not idempotent; the reply itself is the settlement.
 */
export default defineAction<'page.rename', PageItem>('page.rename', {
  run: async (item, params, ctx) => renamePage(ctx.bridge, item.id, pageNameOf(item, params), params.password, ctx),
  describe: (item, params) => ({ key: 'effects.rename', values: { page: pageName(item), name: pageNameOf(item, params) } }),
  preflight: (item, params) => taskProblem(item, 'MANAGE') ?? (pageNameOf(item, params) ? null : { key: 'kernel:pattern.emptyName' }),
});
