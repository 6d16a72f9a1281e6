import { defineAction } from '@kernel';
import { renamePage } from '../api';
import { pageName, taskProblem, type PageItem } from '../checks';

/**
 * Renames pages through the name form (settings/account/name): status 1 when the reply has the name
 * field (the change is pending or allowed), else 0, with the reply's text as tips. A second request
 * within 7 days is refused, so not idempotent; the reply itself is the settlement.
 */
export default defineAction<'page.rename', PageItem>('page.rename', {
  run: async (item, params, ctx) => renamePage(ctx.bridge, item.id, params.name, params.password, ctx),
  describe: (item, params) => ({ key: 'effects.rename', values: { page: pageName(item), name: params.name } }),
  preflight: (item) => taskProblem(item, 'MANAGE'),
});
