// Items with their own parameter values (src/kernel/jobs/item.ts): the action's code always gets one
// item's parameters merged, so no action needs to know about per-item values.
import { ownParams, paramsFor, type JobItem } from '../jobs/item';
import type { ActionHandlers, ObjectState, UndoHandlers } from './types';

type Handlers = ActionHandlers<JobItem, unknown, unknown>;

/**
 * The action's handlers, each given the item's own parameter values over the job's. `prepare` and
 * `undo.offered` stay the job's (they are about the whole job). `undo.read` takes a group of items:
 * it is called once per group of equal values of the parameters it reads (`readsParams`).
 */
export function withItemParams(h: Handlers): Handlers {
  const p = paramsFor;
  const undo = h.undo as UndoHandlers<JobItem, unknown> | undefined;
  return {
    ...h,
    run: (item, params, ctx) => h.run(item, p(item, params), ctx),
    ...(h.verify ? { verify: (item: JobItem, params: unknown, ctx: Parameters<NonNullable<Handlers['verify']>>[2]) => h.verify!(item, p(item, params), ctx) } : {}),
    ...(h.toBatch ? { toBatch: (item: JobItem, params: unknown) => h.toBatch!(item, p(item, params)) } : {}),
    ...(h.preflight ? { preflight: (item: JobItem, params: unknown) => h.preflight!(item, p(item, params)) } : {}),
    ...(h.describe ? { describe: (item: JobItem, params: unknown) => h.describe!(item, p(item, params)) } : {}),
    ...(undo ? {
      undo: {
        ...undo,
        read: (items, params, ctx) => readInGroups(undo, items, params, ctx),
        after: (item, params, before) => undo.after(item, p(item, params), before),
        run: (item, before, params, ctx) => undo.run(item, before, p(item, params), ctx),
        ...(undo.toBatch ? { toBatch: (item: JobItem, before: ObjectState | null, params: unknown) => undo.toBatch!(item, before, p(item, params)) } : {}),
      } satisfies UndoHandlers<JobItem, unknown>,
    } : {}),
  };
}

async function readInGroups(undo: UndoHandlers<JobItem, unknown>, items: readonly JobItem[], params: unknown, ctx: Parameters<UndoHandlers['read']>[2]): Promise<Map<string, ObjectState | null>> {
  const groups = new Map<string, JobItem[]>();
  for (const item of items) {
    const own = ownParams(item);
    const relevant = own && undo.readsParams ? Object.fromEntries(undo.readsParams.filter((k) => k in own).map((k) => [k, own[k]])) : own;
    const key = relevant && Object.keys(relevant).length ? JSON.stringify(relevant) : '';
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  if (groups.size === 1) return undo.read(items, paramsFor(items[0]!, params), ctx);
  const out = new Map<string, ObjectState | null>();
  for (const group of groups.values()) for (const [k, v] of await undo.read(group, paramsFor(group[0]!, params), ctx)) out.set(k, v);
  return out;
}
