import { defineAction, type JobItem } from '@kernel';

export interface AccountItem extends JobItem { name?: string; index?: number }

/** The new name of one account: `{name}` its current name, `{index}` its 1-based position, `{id}` its account id. */
export function newName(template: string, item: AccountItem, index: number): string {
  return template
    .replaceAll('{name}', item.name ?? '')
    .replaceAll('{index}', String(index))
    .replaceAll('{id}', item.id.replace(/^act_/, ''))
    .trim()
    .slice(0, 200);
}

export default defineAction<'adaccount.rename', AccountItem>('adaccount.rename', {
  toBatch: (item, params) => ({ method: 'POST', relative_url: item.id, body: new URLSearchParams({ name: newName(params.name, item, (item.index ?? 0) + 1) }).toString() }),
  run: async (item, params, ctx) => {
    await ctx.bridge.graph({ method: 'POST', path: item.id, params: { name: newName(params.name, item, (item.index ?? 0) + 1) } }, { signal: ctx.signal });
  },
  verify: async (item, params, ctx) => {
    const { body } = await ctx.bridge.graph<{ name?: string }>({ path: item.id, params: { fields: 'name' } }, { signal: ctx.signal });
    return body.name === newName(params.name, item, (item.index ?? 0) + 1);
  },
});
