import { GRAPH_ORIGIN, graphVersion, type Bridge } from '../bridge/bridge';
import type { ActionHandlers } from '../plugin/types';
import { recordingBridge } from './bridges';
import type { DryRunResult, JobItem, PreflightFinding, RecordedRequest } from './types';

/** One item of the dry run: what it would become, and what `preflight` says against it. */
export interface DryRunEffect {
  itemId: string;
  sourceId: string;
  /** The item as the operator knows it (its name when the list has one). */
  label: string;
  /** A message key of the plugin (null: the action has no `describe`, the dialog names the action). */
  key: string | null;
  values?: Record<string, unknown>;
  problem?: PreflightFinding;
}

/** The same amount in each currency of the selection (an effect naming `amount` and `currency`). */
export interface CurrencyShare { currency: string; amount: string; count: number }

export interface DryRunPreview extends DryRunResult {
  /** Every item's effect, in job order. */
  effects: DryRunEffect[];
  /** Set when the effects name money in more than one currency: the amount per currency. */
  currencies: CurrencyShare[];
}

/** The runner's dry run answers a preview (its declared type is the older DryRunResult, which the tab protocol carries). */
export function isPreview(result: DryRunResult): result is DryRunPreview {
  return Array.isArray((result as Partial<DryRunPreview>).effects);
}

export interface DryRunInput {
  handlers: ActionHandlers<JobItem, unknown, unknown>;
  params: unknown;
  /** The job's items as the runner plans them (pairs expanded, unresolved entries left out). */
  planned: readonly { itemId: string; item: JobItem }[];
  /** The action's lane batches: a request is the batch entry `toBatch` builds. */
  batched: boolean;
  bridge: Bridge;
  /** How many items' raw requests to record (for engineers, behind a disclosure). */
  count?: number;
}

/**
 * What a job would do, with nothing leaving the page: every item's effect (`describe`) and its
 * `preflight` problem, both on the data the table already has, and the raw requests of the first
 * few items (answered by stubs).
 */
export async function dryRun({ handlers, params, planned, batched, bridge, count = 3 }: DryRunInput): Promise<DryRunPreview> {
  const problems: PreflightFinding[] = [];
  const effects: DryRunEffect[] = planned.map((p) => {
    const sourceId = String(p.item.id);
    const named = typeof p.item.name === 'string' && p.item.name ? `${p.item.name} (${sourceId})` : sourceId;
    // A pair reads as the jobs panel names it: the object, then the entry after an arrow.
    const label = typeof p.item.pair === 'string' ? `${named} → ${p.item.pair}` : named;
    const effect: DryRunEffect = { itemId: p.itemId, sourceId, label, key: null };
    try {
      const d = handlers.describe?.(p.item, params);
      if (d) Object.assign(effect, { key: d.key, values: d.values });
    } catch (e) {
      Object.assign(effect, { key: 'kernel:runner.describeFailed', values: { message: (e as Error).message } });
    }
    try {
      const found = handlers.preflight?.(p.item, params);
      if (found) effect.problem = { itemId: p.itemId, sourceId, key: found.key, values: found.values };
    } catch (e) {
      effect.problem = { itemId: p.itemId, sourceId, key: 'kernel:runner.preflightFailed', values: { message: (e as Error).message } };
    }
    if (effect.problem) problems.push(effect.problem);
    return effect;
  });
  return { effects, problems, currencies: currencyShares(effects), requests: await rawRequests(handlers, params, planned, batched, bridge, count), total: planned.length };
}

function currencyShares(effects: readonly DryRunEffect[]): CurrencyShare[] {
  const shares = new Map<string, CurrencyShare>();
  for (const e of effects) {
    const currency = e.values?.currency;
    const amount = e.values?.amount;
    if (typeof currency !== 'string' || amount === undefined) continue;
    const share = shares.get(currency) ?? { currency, amount: String(amount), count: 0 };
    share.count += 1;
    shares.set(currency, share);
  }
  return shares.size > 1 ? [...shares.values()].sort((a, b) => b.count - a.count) : [];
}

async function rawRequests(handlers: DryRunInput['handlers'], params: unknown, planned: DryRunInput['planned'], batched: boolean, bridge: Bridge, count: number): Promise<RecordedRequest[]> {
  const requests: RecordedRequest[] = [];
  let prepared: unknown;
  if (handlers.prepare) {
    try {
      prepared = await handlers.prepare(params, { signal: new AbortController().signal, bridge: recordingBridge(bridge, '', requests), items: planned.map((p) => p.item) });
    } catch {
      // answers are stubs: what prepare sent is recorded
    }
  }
  for (const p of planned.slice(0, count)) {
    if (batched && handlers.toBatch) {
      requests.push({ itemId: p.itemId, method: 'POST', url: `${GRAPH_ORIGIN}/${graphVersion()}/ (batch)`, batch: handlers.toBatch(p.item, params) });
      continue;
    }
    try {
      await handlers.run(p.item, params, { signal: new AbortController().signal, progress: () => {}, bridge: recordingBridge(bridge, p.itemId, requests), requestId: 'dry-run', prepared });
    } catch {
      // answers are stubs: an action that inspects them may give up; what it sent is recorded
    }
  }
  return requests;
}
