import { defineAction, fieldStates, fillName, positionOf } from '@kernel';
import { accountProblem, type AccountItem } from '../checks';

export type { AccountItem } from '../checks';

/** The account's values a name pattern names (src/kernel/platform/name-pattern.ts); `{id}` is the number without `act_`. */
const fieldsOf = (item: AccountItem) => ({ name: item.name ?? '', id: item.id.replace(/^act_/, ''), business: item.business ?? '', currency: item.currency ?? '' });

type Params = { name: string; find?: string; replace?: string; regex?: boolean };

/**
 * The new name of one account: the pattern filled in for it (`{index}` its number in the job, in the
 * order the list showed the selection), cut to the platform's 200 characters. The dry run's preview,
 * the write and its verification all call this, so the written name is the previewed one.
 */
export function nameOf(item: AccountItem, params: Params): string {
  return fillName(params.name, fieldsOf(item), positionOf(item), params).slice(0, 200).trim();
}

async function writeName(item: AccountItem, name: string, ctx: { bridge: import('@kernel').ActionContext['bridge']; signal: AbortSignal }) {
  await ctx.bridge.graph({ method: 'POST', path: item.id, params: { name } }, { signal: ctx.signal });
}

export default defineAction<'adaccount.rename', AccountItem>('adaccount.rename', {
  toBatch: (item, params) => ({ method: 'POST', relative_url: item.id, body: new URLSearchParams({ name: nameOf(item, params) }).toString() }),
  run: async (item, params, ctx) => writeName(item, nameOf(item, params), ctx),
  verify: async (item, params, ctx) => {
    const { body } = await ctx.bridge.graph<{ name?: string }>({ path: item.id, params: { fields: 'name' } }, { signal: ctx.signal });
    return body.name === nameOf(item, params);
  },
  describe: (item, params) => ({ key: 'effects.rename', values: { from: item.name ?? item.id, to: nameOf(item, params) } }),
  preflight: (item, params) => accountProblem(item, 'admin') ?? (nameOf(item, params) ? null : { key: 'kernel:pattern.emptyName' }),
  // Undo: the name read just before the write goes back.
  undo: {
    readsParams: [],
    read: (items, _params, ctx) => fieldStates(items, ['name'], ctx),
    after: (item, params) => ({ name: nameOf(item, params) }),
    run: (item, before, _params, ctx) => writeName(item, String(before?.name ?? ''), ctx),
    toBatch: (item, before) => ({ method: 'POST', relative_url: item.id, body: new URLSearchParams({ name: String(before?.name ?? '') }).toString() }),
    describe: (item, before, after) => ({ key: 'effects.rename', values: { from: after.name ?? item.id, to: before?.name ?? '' } }),
  },
});
