/**
 * The inverses of the pixel area's writes (docs/UNDO.md): each reads the relation it changes (the
 * pixel's shared accounts, assigned users, partner businesses, connections) once per pixel for every
 * item of that pixel, and states it as a flat object that names the relation's absence too (`shared:
 * false`), so a removal's after-state is a state like any other.
 */
import { asAccountDigits, graphqlOn, type ActionContext, type Bridge, type ObjectState, type UndoReadContext } from '@kernel';
import { assignedUsers, changeConnection, pixelPartners, sharedAccounts, shareToAccount, unshareFromAccount, type Connection, type FromType, type ToType } from './api';
import { businessOf, pairOf, type PixelItem } from './checks';

// shared with the other areas' inverses (src/kernel/plugin/field-states.ts)
import { groupedStates, itemIdOf as itemKey, tasksOf, tasksRead, tasksState } from '@kernel';

export { groupedStates, itemKey, tasksOf, tasksRead, tasksState };

/** The asset connections of a business from one pixel or dataset (the business-manager area's GraphQL read; docs/PLATFORM.md section 10.1). */
export async function connectionsFrom(bridge: Bridge, businessId: string, fromId: string, o: UndoReadContext | { signal?: AbortSignal } = {}): Promise<Set<string>> {
  const data = await graphqlOn('business.facebook.com')<{ business?: { asset_connections?: { nodes?: { from_id?: string; to_id?: string }[] } } | null }>(
    bridge, 'BusinessAssetConnectionsQuery', { business_id: businessId, asset_id: fromId }, o);
  return new Set((data.business?.asset_connections?.nodes ?? []).filter((n) => String(n.from_id) === fromId).map((n) => String(n.to_id)));
}

/** A connection target as the connection list names it (an ad account by its digits). */
export const targetKey = (to: string, type: string) => (type === 'ad-account' ? asAccountDigits(to) : to);

// ---------------------------------------------------------------------------------------------
// people and partners

/** Each item's person on its pixel: `{ assigned, tasks }` (tasks sorted, '' when not assigned); one read per pixel. */
export function userStates(items: readonly PixelItem[], userIds: string | readonly string[] | undefined, ctx: UndoReadContext) {
  return groupedStates(items, (item) => `${item.id}|${businessOf(item)}`,
    async (item) => new Map((await assignedUsers(ctx.bridge, item.id, businessOf(item), ctx)).map((u) => [u.id, u.tasks])),
    (item, users) => {
      const tasks = users.get(pairOf(item, userIds));
      return tasks ? { assigned: true, ...tasksRead(tasks) } : { assigned: false, tasks: '', listed: '' };
    });
}

/** Each item's business on its pixel: `{ partner, tasks }` (tasks sorted, '' when not a partner); one read per pixel. */
export function partnerStates(items: readonly PixelItem[], businessIds: string | readonly string[] | undefined, ctx: UndoReadContext) {
  return groupedStates(items, (item) => item.id,
    async (item) => new Map((await pixelPartners(ctx.bridge, item.id, ctx)).map((p) => [p.id, p.permitted_tasks])),
    (item, partners) => {
      const tasks = partners.get(pairOf(item, businessIds));
      return tasks ? { partner: true, ...tasksRead(tasks) } : { partner: false, tasks: '', listed: '' };
    });
}

// ---------------------------------------------------------------------------------------------
// connections

/** What a connection item names (the row is the pixel or dataset, `to_ids` the pair parameter). */
export function connectionOf(item: PixelItem, params: { from_asset_type?: FromType; to_asset_type?: ToType; to_ids?: string | readonly string[] }): Connection {
  return {
    business_id: businessOf(item), from_id: item.id, from_asset_type: params.from_asset_type ?? (item.type === 'DATASET' ? 'events-dataset-new' : 'pixel'),
    to_id: pairOf(item, params.to_ids), to_asset_type: params.to_asset_type ?? 'ad-account',
  };
}

/**
 * Each item's connection: `{ connected }`, and for an ad account also `{ shared }` (the forms connect
 * and share, disconnect and unshare together; the two may differ before a write). One read of the
 * business's connections from the pixel, and one of its shared accounts, per pixel.
 */
export function connectionStates(items: readonly PixelItem[], params: Parameters<typeof connectionOf>[1], ctx: UndoReadContext) {
  return groupedStates(items, (item) => `${item.id}|${businessOf(item)}`,
    async (item) => {
      const c = connectionOf(item, params);
      const connected = await connectionsFrom(ctx.bridge, c.business_id, c.from_id, ctx);
      const shared = c.to_asset_type === 'ad-account' ? new Set((await sharedAccounts(ctx.bridge, c.from_id, c.business_id, ctx)).map((a) => a.account_id)) : null;
      return { connected, shared };
    },
    (item, { connected, shared }): ObjectState => {
      const c = connectionOf(item, params);
      const to = targetKey(c.to_id, c.to_asset_type);
      // the business area's form keeps an ad account as it was typed: digits or act_<digits>
      const isConnected = connected.has(to) || connected.has(c.to_id) || (c.to_asset_type === 'ad-account' && connected.has(`act_${to}`));
      return shared ? { connected: isConnected, shared: shared.has(to) } : { connected: isConnected };
    });
}

/** The state a connection form leaves: connected (and shared) or neither. */
export const connectionAfter = (item: PixelItem, params: Parameters<typeof connectionOf>[1], connected: boolean): ObjectState =>
  (connectionOf(item, params).to_asset_type === 'ad-account' ? { connected, shared: connected } : { connected });

/**
 * Puts a connection back: the form that gives the connection its before-state (when the write changed
 * it), then the share alone when it differed from the connection before the write.
 */
export async function restoreConnection(item: PixelItem, before: ObjectState | null, params: Parameters<typeof connectionOf>[1], wrote: boolean, ctx: ActionContext): Promise<void> {
  if (!before) return;
  const c = connectionOf(item, params);
  const wasConnected = before.connected === true;
  if (wasConnected !== wrote) await changeConnection(ctx.bridge, wasConnected, c, ctx);
  if (c.to_asset_type !== 'ad-account' || before.shared === wasConnected) return;
  if (before.shared) await shareToAccount(ctx.bridge, c.from_id, c.business_id, c.to_id, ctx);
  else await unshareFromAccount(ctx.bridge, c.from_id, c.business_id, c.to_id, ctx);
}
