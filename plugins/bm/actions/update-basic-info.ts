import { defineAction } from '@kernel';
import { updateBasicInfo } from '../api';
import { businessName, businessProblem, type BusinessItem } from '../checks';

/** Sets the business name and/or primary page; fields left out stay as they are (idempotent). */
export default defineAction<'bm.updateBasicInfo', BusinessItem>('bm.updateBasicInfo', {
  run: async (item, params, ctx) => {
    await updateBasicInfo(ctx.bridge, item.id, { name: params.name, primary_page_id: params.primary_page_id }, ctx);
  },
  describe: (item, params) => ({ key: 'effects.updateBasicInfo', values: { business: businessName(item), name: params.name || item.name || '', page: params.primary_page_id || '—' } }),
  preflight: (item) => businessProblem(item, 'admin'),
});
