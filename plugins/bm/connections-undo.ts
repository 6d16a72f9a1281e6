/**
 * The inverse of the bulk connection forms (bm.addConnections, bm.removeConnections): one item is a
 * business with one pixel or dataset and many targets. Its state names each target: `connected:<to>`,
 * and for an ad account `shared:<to>` (the forms connect and share, disconnect and unshare together;
 * the two may differ before a write). The undo puts each target back: one bulk form for the targets
 * whose connection the write changed, then the share alone where it differed from the connection.
 */
import { asAccountDigits, type ActionContext, type ObjectState, type UndoHandlers, type UndoReadContext } from '@kernel';
import { changeConnections, listConnections, pixelSharedAccounts, setPixelShared } from './api';
import type { BusinessItem } from './checks';
import { itemKey } from './undo';

export interface ConnectionParams { from_id: string; from_asset_type: string; to_ids: string[]; to_asset_type: string }

const isAccount = (p: ConnectionParams) => p.to_asset_type === 'ad-account';
const targetKey = (to: string, p: ConnectionParams) => (isAccount(p) ? asAccountDigits(to) : to);

async function read(items: readonly BusinessItem[], p: ConnectionParams, ctx: UndoReadContext): Promise<Map<string, ObjectState | null>> {
  const out = new Map<string, ObjectState | null>();
  for (const item of items) {
    const connected = new Set((await listConnections(ctx.bridge, item.id, { assetId: p.from_id, signal: ctx.signal })).filter((c) => String(c.from_id) === p.from_id).map((c) => String(c.to_id)));
    const shared = isAccount(p) ? await pixelSharedAccounts(ctx.bridge, p.from_id, item.id, ctx) : null;
    const state: ObjectState = {};
    for (const to of p.to_ids) {
      const key = targetKey(to, p);
      state[`connected:${to}`] = connected.has(key) || connected.has(to) || (isAccount(p) && connected.has(`act_${key}`));
      if (shared) state[`shared:${to}`] = shared.has(key);
    }
    out.set(itemKey(item), state);
  }
  return out;
}

function after(p: ConnectionParams, connected: boolean): ObjectState {
  return Object.fromEntries(p.to_ids.flatMap((to) => [[`connected:${to}`, connected], ...(isAccount(p) ? [[`shared:${to}`, connected]] : [])]));
}

async function restore(item: BusinessItem, before: ObjectState | null, p: ConnectionParams, wrote: boolean, ctx: ActionContext): Promise<void> {
  if (!before) return;
  const changed = p.to_ids.filter((to) => (before[`connected:${to}`] === true) !== wrote);
  if (changed.length) {
    await changeConnections(ctx.bridge, item.id, !wrote, changed.map((to) => ({ from_id: p.from_id, from_asset_type: p.from_asset_type, to_id: to, to_asset_type: p.to_asset_type })), ctx);
  }
  if (!isAccount(p)) return;
  for (const to of p.to_ids) {
    const shared = before[`shared:${to}`];
    if (typeof shared === 'boolean' && shared !== (before[`connected:${to}`] === true)) await setPixelShared(ctx.bridge, p.from_id, item.id, to, shared, ctx);
  }
}

/** The undo of a connection form that connects (`wrote` true) or disconnects. */
export function connectionUndo(wrote: boolean): UndoHandlers<BusinessItem, ConnectionParams> {
  return {
    read,
    after: (_item, p) => after(p, wrote),
    run: (item, before, p, ctx) => restore(item, before, p, wrote, ctx),
    describe: (item, _before, afterState) => ({ key: wrote ? 'undo.addConnections' : 'undo.removeConnections', values: { business: item.name ? `${item.name} (${item.id})` : item.id, count: Object.keys(afterState).filter((k) => k.startsWith('connected:')).length } }),
  };
}
