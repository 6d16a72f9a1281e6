/**
 * The before-states the page writes keep for their undo (docs/UNDO.md). A page's relations and
 * settings (business people's roles, admins and invitations, blocked people, keywords, deactivation)
 * are read once per distinct page and answered for every item of that page; fields of the page node
 * itself go through the kernel's batched field read.
 *
 * "Absent" (no role, not invited, not blocked) is a state of its own (`{ tasks: null }`…), never null:
 * the state a removal leaves must be one the runner keeps (an `after` is never null), and null stays
 * "the page could not be read".
 */
import { GraphError, readNodeFields, type ObjectState, type UndoReadContext } from '@kernel';
import { adminPeople, blockedPeople, deactivationState, keywords, listAssigned, type AssignedUser } from './api';
import { businessOf, type PageItem } from './checks';

/** The job item id (`<page>|<person>` for a pair item), as the runner keys the states. */
import { itemIdOf as itemKey } from '@kernel';

export { itemKey };

/**
 * Each distinct page once (its first item names it), then every item answered from its page's answer;
 * a page the platform no longer finds (#100, #803) is null, as the kernel's field read has it. Any
 * other failure throws, for the runner's failure policy.
 */
async function perPage<T>(items: readonly PageItem[], read: (first: PageItem) => Promise<T>, state: (item: PageItem, answer: T) => ObjectState | null): Promise<Map<string, ObjectState | null>> {
  const answers = new Map<string, T | null>();
  for (const item of items) if (!answers.has(item.id)) answers.set(item.id, await read(item).catch(notFound));
  return new Map(items.map((item) => {
    const answer = answers.get(item.id);
    return [itemKey(item), answer === null || answer === undefined ? null : state(item, answer)];
  }));
}

const notFound = (e: unknown): null => {
  if (e instanceof GraphError && (e.code === 100 || e.code === 803)) return null;
  throw e;
};

/** A task list as one comparable value (the platform's order is not the point). */
export const taskList = (tasks: readonly string[]): string => [...tasks].sort().join(',');

/** A business person's tasks on the page (`{ tasks }`, `{ tasks: null }`: none), from the page's assigned users of its business. */
export function roleStates(items: readonly PageItem[], personOf: (item: PageItem) => string, ctx: UndoReadContext) {
  return perPage<AssignedUser[]>(items, async (first) => listAssigned(ctx.bridge, first.id, await businessOf(ctx.bridge, first, ctx), ctx), (item, rows) => {
    const row = rows.find((r) => r.id === personOf(item));
    return { tasks: row ? taskList(row.tasks) : null };
  });
}

/** A person's admin access (`{ status: 'ACTIVE' | 'INVITED' | null }`), from the page's admin permissions. */
export function adminStates(items: readonly PageItem[], personOf: (item: PageItem) => string, ctx: UndoReadContext) {
  return perPage(items, (first) => adminPeople(ctx.bridge, first.id, ctx), (item, people) => ({ status: people.find((p) => p.id === personOf(item))?.status ?? null }));
}

/** Each named person's block on the page (`{ <id>: 'PAGE' | 'USER' | null }`), from the page's blocked list. */
export function blockStates(items: readonly PageItem[], people: readonly string[], ctx: UndoReadContext) {
  return perPage(items, (first) => blockedPeople(ctx.bridge, first.id, ctx), (_item, blocked) =>
    Object.fromEntries(people.map((id) => [id, blocked.find((b) => b.id === id)?.setting_type ?? null])));
}

/** The page's blocked keywords as saved (`{ words: JSON list, count }`; count above the list's length: the read was cut). */
export function keywordStates(items: readonly PageItem[], ctx: UndoReadContext) {
  return perPage(items, (first) => keywords(ctx.bridge, first.id, ctx), (_item, k) => ({ words: JSON.stringify(k.words), count: k.count }));
}

/** Whether the page is deactivated (`{ deactivated }`). */
export function deactivationStates(items: readonly PageItem[], ctx: UndoReadContext) {
  return perPage(items, (first) => deactivationState(ctx.bridge, first.id, ctx), (_item, d) => ({ deactivated: d.deactivated }));
}

/** The page's category ids (`{ categories: 'id,id' }`, the platform's order), from its `category_list`, through the Graph batch. */
export async function categoryStates(items: readonly PageItem[], ctx: UndoReadContext): Promise<Map<string, ObjectState | null>> {
  const nodes = await readNodeFields(ctx.bridge, items.map((i) => i.id), ['category_list'], ctx.signal);
  return new Map(items.map((item) => {
    const node = nodes.get(item.id);
    const list = Array.isArray(node?.category_list) ? (node.category_list as { id?: unknown }[]) : null;
    return [itemKey(item), node && list ? { categories: list.map((c) => String(c.id)).join(',') } : null];
  }));
}
