import { defineAction, fillName, positionOf, readNodeFields, type ObjectState } from '@kernel';
import { CannotUndoError, itemKey } from '../undo';
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
  // Undo: the name and primary page read just before the write go back (the businesses' fields,
  // read through the Graph batch). The platform sets a primary page but has no call that clears
  // one: a business that had none cannot lose the page the job gave it (that item's undo fails, saying so).
  undo: {
    read: async (items, params, ctx) => {
      const nodes = await readNodeFields(ctx.bridge, items.map((i) => i.id), ['name', 'primary_page'], ctx.signal);
      return new Map(items.map((item) => {
        const node = nodes.get(item.id);
        if (!node) return [itemKey(item), null];
        const page = node.primary_page as { id?: string } | undefined;
        const state: ObjectState = {};
        if (params.name) state.name = typeof node.name === 'string' ? node.name : null;
        if (params.primary_page_id) state.primary_page = page?.id ? String(page.id) : null;
        return [itemKey(item), state];
      }));
    },
    after: (item, params) => ({
      ...(params.name ? { name: businessNameOf(item, params.name) ?? null } : {}),
      ...(params.primary_page_id ? { primary_page: params.primary_page_id } : {}),
    }),
    run: async (item, before, params, ctx) => {
      if (!before) return;
      if (params.primary_page_id && !before.primary_page) throw new CannotUndoError(`${businessName(item)} had no primary page; the platform cannot clear the one the job set`);
      await updateBasicInfo(ctx.bridge, item.id, {
        name: params.name && typeof before.name === 'string' ? before.name : undefined,
        primary_page_id: params.primary_page_id && typeof before.primary_page === 'string' ? before.primary_page : undefined,
      }, ctx);
    },
    describe: (item, before) => ({ key: 'undo.updateBasicInfo', values: { business: businessName(item), name: String(before?.name ?? item.name ?? ''), page: String(before?.primary_page ?? '—') } }),
  },
});
