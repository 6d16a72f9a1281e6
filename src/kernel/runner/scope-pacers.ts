/**
 * One usage pacer per rate-limited object (an ad account): the platform scores each account on its
 * own budget besides the caller's, and says the score in the per-account usage header — the
 * `X-Business-Use-Case-Usage` entry keyed by the account, or `X-Ad-Account-Usage` `acc_id_util_pct`
 * for the account the request named. A task limited to one scope (an item of a non-batched action)
 * waits for its account's room as for the caller's, so many writes to one account go at the pace its
 * budget refills instead of walking into its block.
 */
import { parseUsage } from '../graph/classify';
import { UsagePacer, type PacerOptions } from './adaptive';
import type { ScopeMap } from './scope';

/** The documented per-account budget (docs/INTERFACES.md section 5): 60 points decaying over 300 s. */
const ACCOUNT_PRIOR: PacerOptions = { priorPctPerPoint: 100 / 60, priorDecayPctPerS: 100 / 300, minDecayPctPerS: 100 / 300 };
/** Pacers kept at most; the least recently used one is dropped beyond (its score decays meanwhile). */
const MAX_SCOPES = 500;

export class ScopePacers {
  private readonly pacers = new Map<string, UsagePacer>();

  constructor(private readonly options: PacerOptions = {}) {}

  /** The scope's pacer, once an answer about it was read. */
  get(scope: string): UsagePacer | undefined {
    return this.pacers.get(scope);
  }

  /** An answer to a request of a task limited to `scope`: its points and the scope's usage reading. */
  observeResponse(scope: string, scopes: ScopeMap, init: { method: string; body?: string }, response: { status: number; headers?: Record<string, string>; body?: unknown }, at: number): void {
    let pacer = this.pacers.get(scope);
    if (pacer) this.pacers.delete(scope); // re-inserted last: the map's order is the use order
    else {
      pacer = new UsagePacer({
        ...ACCOUNT_PRIOR,
        ...this.options,
        readUsage: (headers) => {
          const usage = parseUsage(headers);
          const entry = usage.business.find((b) => scopes.fromUsageKey(b.id) === scope);
          return entry ? entry.callCount : usage.adAccount?.utilPct ?? null;
        },
      });
      if (this.pacers.size >= MAX_SCOPES) this.pacers.delete(this.pacers.keys().next().value!);
    }
    this.pacers.set(scope, pacer);
    pacer.observeResponse(init, response, at);
  }
}
