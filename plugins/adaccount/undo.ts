/**
 * The before-states the ad-account writes keep for their undo (docs/UNDO.md): the account's own
 * fields through the kernel's batched field read, and its relations (a user's role, an agency's
 * tasks) read once per distinct account and answered for every item of that account.
 */
import { fieldStates, GraphError, NO_DECIMAL_CURRENCIES, toMajorUnits, type ObjectState, type UndoHandlers, type UndoReadContext } from '@kernel';
import { actId, DELETE_SPEND_CAP, listAgencies, listUsers, spendCapParams, updateAccount, updateAccountEntry } from './api';
import { label, type AccountItem } from './checks';
import { formatMajor } from './format';

/** The job item id (`<account>|<user>` for a pair item), as the runner keys the states. */
import { itemIdOf as itemKey } from '@kernel';

export { itemKey };

/**
 * Each distinct account once, then every item answered from its account's answer; an account the
 * platform no longer finds (#100, #803) is null, as the kernel's field read has it. Any other failure
 * throws, for the runner's failure policy.
 */
async function perAccount<T>(items: readonly AccountItem[], read: (accountId: string) => Promise<T>, state: (item: AccountItem, answer: T) => ObjectState | null): Promise<Map<string, ObjectState | null>> {
  const answers = new Map<string, T | null>();
  for (const id of new Set(items.map((i) => actId(i.id)))) answers.set(id, await read(id).catch(notFound));
  return new Map(items.map((item) => {
    const answer = answers.get(actId(item.id));
    return [itemKey(item), answer === null || answer === undefined ? null : state(item, answer)];
  }));
}

/** A read of an object that is gone answers null; anything else is thrown again. */
function notFound(e: unknown): null {
  if (e instanceof GraphError && (e.code === 100 || e.code === 803)) return null;
  throw e;
}

/**
 * A user's role on the account (`{ role }`, `{ role: null }` when they have none), from `act_X/users`
 * once per account. "No role" is a state of its own, not null: the state a removal leaves must be one
 * the runner keeps (an `after` is never null), and null stays "the account could not be read".
 */
export function userStates(items: readonly AccountItem[], userOf: (item: AccountItem) => string, ctx: UndoReadContext): Promise<Map<string, ObjectState | null>> {
  return perAccount(items, (id) => listUsers(ctx.bridge, id, ctx), (item, users) => {
    const user = users.find((u) => u.id === userOf(item));
    return { role: user ? user.role : null };
  });
}

/** A task list as one comparable value (the platform's order is not the point). */
export const taskList = (tasks: readonly string[]): string => [...tasks].sort().join(',');

/** The tasks an agency holds on the account (`{ tasks }`, `{ tasks: null }` when it is not shared with it), from `act_X/agencies` once per account. */
export function agencyStates(items: readonly AccountItem[], businessOf: (item: AccountItem) => string, ctx: UndoReadContext): Promise<Map<string, ObjectState | null>> {
  return perAccount(items, (id) => listAgencies(ctx.bridge, id, ctx), (item, agencies) => {
    const agency = agencies.find((a) => a.id === businessOf(item));
    return { tasks: agency ? taskList(agency.permitted_tasks) : null };
  });
}

/** Fields of the account itself, through the Graph batch (50 accounts a request). */
export const accountFields = (items: readonly AccountItem[], fields: readonly string[], ctx: UndoReadContext) =>
  fieldStates(items, fields, ctx, (item) => actId(String(item.id)));

/** An amount in the currency's main unit as the platform reads it back: minor units, as a string. */
export function minorUnits(amount: number, currency: string | null | undefined): string {
  const major = Math.round(amount * 100) / 100;
  return String(currency && NO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? Math.round(major) : Math.round(major * 100));
}

/** A spending limit as the undo says it: the amount in the account's currency, or "no limit". */
function capText(state: ObjectState | null | undefined) {
  const cap = toMajorUnits(state?.spend_cap as string | null | undefined, String(state?.currency ?? ''));
  return cap ? formatMajor(cap, String(state?.currency ?? '')) : label('effects.noCap');
}

/** The parameters that put a read cap back: the amount in the main unit, or the removal when there was none. */
function capParams(before: ObjectState) {
  const cap = toMajorUnits(before.spend_cap as string | null, String(before.currency ?? ''));
  return cap ? spendCapParams(cap) : DELETE_SPEND_CAP;
}

/** A before-state to put back as a batch entry; none (the account could not be read before the write) fails that entry alone. */
export function known(before: ObjectState | null): ObjectState {
  if (!before) throw new Error('the account could not be read before the write: nothing to put back');
  return before;
}

/**
 * The undo of a spending-limit write: the cap as the platform reads it (minor units; "0" is none) and
 * the currency it is in, read just before; put back as it was, or removed when there was none.
 * `target` is the cap the write leaves, in minor units.
 */
export function capUndo<Params>(target: (item: AccountItem, params: Params, before: ObjectState | null) => string): UndoHandlers<AccountItem, Params> {
  return {
    readsParams: [],
    read: (items, _params, ctx) => accountFields(items, ['spend_cap', 'currency'], ctx),
    after: (item, params, before) => ({ spend_cap: target(item, params, before) }),
    run: async (item, before, _params, ctx) => {
      if (before) await updateAccount(ctx.bridge, item.id, capParams(before), ctx);
    },
    toBatch: (item, before) => updateAccountEntry(item.id, capParams(known(before))),
    describe: (_item, before, after) => ({ key: 'effects.setSpendCap', values: { from: capText({ ...before, ...after }), to: capText(before) } }),
  };
}
