import { defineAction } from '@kernel';
import { accountProblem, type AccountItem } from '../checks';

export type { AccountItem } from '../checks';

/** The new name of one account: `{name}` its current name, `{index}` its 1-based position, `{id}` its account id. */
export function newName(template: string, item: AccountItem, index: number): string {
  return template
    .replaceAll('{name}', item.name ?? '')
    .replaceAll('{index}', String(index))
    .replaceAll('{id}', item.id.replace(/^act_/, ''))
    .trim()
    .slice(0, 200);
}

const nameOf = (item: AccountItem, template: string) => newName(template, item, (item.index ?? 0) + 1);

export default defineAction<'adaccount.rename', AccountItem>('adaccount.rename', {
  toBatch: (item, params) => ({ method: 'POST', relative_url: item.id, body: new URLSearchParams({ name: nameOf(item, params.name) }).toString() }),
  run: async (item, params, ctx) => {
    await ctx.bridge.graph({ method: 'POST', path: item.id, params: { name: nameOf(item, params.name) } }, { signal: ctx.signal });
  },
  verify: async (item, params, ctx) => {
    const { body } = await ctx.bridge.graph<{ name?: string }>({ path: item.id, params: { fields: 'name' } }, { signal: ctx.signal });
    return body.name === nameOf(item, params.name);
  },
  describe: (item, params) => ({ key: 'effects.rename', values: { from: item.name ?? item.id, to: nameOf(item, params.name) } }),
  preflight: (item) => accountProblem(item, 'admin'),
});
