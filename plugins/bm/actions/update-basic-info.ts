import { defineAction, fillName, positionOf } from '@kernel';
import { updateBasicInfo } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** The business's new name from the pattern (src/kernel/platform/name-pattern.ts; `{name}` and `{business}` are its current name); undefined when the name is left as it is. */
export function businessNameOf(item: BusinessItem, pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  return fillName(pattern, { name: item.name ?? '', id: item.id, business: item.name ?? '', currency: '' }, positionOf(item)).slice(0, 100).trim();
}

/** Sets the business name and/or primary page; fields left out stay as they are (idempotent). */
export default defineAction<'bm.updateBasicInfo', BusinessItem>('bm.updateBasicInfo', {
  run: async (item, params, ctx) => {
    await updateBasicInfo(ctx.bridge, item.id, { name: businessNameOf(item, params.name), primary_page_id: params.primary_page_id }, ctx);
  },
  describe: (item, params) => ({ key: 'effects.updateBasicInfo', values: { business: businessName(item), name: businessNameOf(item, params.name) || item.name || '', page: params.primary_page_id || '—' } }),
  preflight: (item, params) => businessProblem(item, 'admin') ?? (params.name && !businessNameOf(item, params.name) ? { key: 'kernel:pattern.emptyName' } : null),
});
