// The score model of docs/INTERFACES.md section 5: one score per user and one per ad account; a read
// costs 1 point, a write 3; a score decays linearly by points/decayS per second; a call that would
// pass `points` fails and blocks its scope for blockS, and while blocked every call in it fails.

export interface Budget {
  points: number;
  decayS: number;
  blockS: number;
}

export interface Scope {
  score: number;
  /** ms of the clock when `score` was last brought up to date */
  at: number;
  blockedUntil: number;
}

export interface Usage {
  /** percentage of `points` used, 0–100 */
  pct: number;
  /** seconds until the block ends, 0 when not blocked */
  blockedForS: number;
}

export type Verdict =
  | { ok: true }
  | { ok: false; scope: 'user' | 'account'; retryAfterS: number };

export class ScoreBoard {
  private readonly scopes = new Map<string, Scope>();

  constructor(private readonly now: () => number) {}

  clear(): void {
    this.scopes.clear();
  }

  private scope(key: string, budget: Budget, t: number): Scope {
    let s = this.scopes.get(key);
    if (!s) {
      s = { score: 0, at: t, blockedUntil: 0 };
      this.scopes.set(key, s);
    }
    const elapsedS = Math.max(0, t - s.at) / 1000;
    const rate = budget.decayS > 0 ? budget.points / budget.decayS : Infinity;
    s.score = Math.max(0, s.score - elapsedS * rate);
    s.at = t;
    return s;
  }

  /**
   * Charges `cost` to the user scope and, when given, the account scope. Nothing is charged unless
   * both accept; the first scope that refuses (blocked, or would pass its points) answers.
   */
  charge(cost: number, user: { key: string; budget: Budget }, account: { key: string; budget: Budget } | null): Verdict {
    const t = this.now();
    const scopes: [('user' | 'account'), { key: string; budget: Budget }][] = [['user', user]];
    if (account) scopes.push(['account', account]);
    const states = scopes.map(([kind, s]) => [kind, s, this.scope(s.key, s.budget, t)] as const);
    for (const [kind, , s] of states) {
      if (s.blockedUntil > t) return { ok: false, scope: kind, retryAfterS: Math.ceil((s.blockedUntil - t) / 1000) };
    }
    for (const [kind, cfg, s] of states) {
      if (s.score + cost > cfg.budget.points) {
        s.blockedUntil = t + cfg.budget.blockS * 1000;
        return { ok: false, scope: kind, retryAfterS: Math.max(1, Math.ceil(cfg.budget.blockS)) };
      }
    }
    for (const [, , s] of states) s.score += cost;
    return { ok: true };
  }

  usage(key: string, budget: Budget): Usage {
    const t = this.now();
    const s = this.scope(key, budget, t);
    const blockedForS = s.blockedUntil > t ? Math.ceil((s.blockedUntil - t) / 1000) : 0;
    const pct = blockedForS > 0 ? 100 : budget.points > 0 ? Math.min(100, Math.round((s.score / budget.points) * 100)) : 100;
    return { pct, blockedForS };
  }
}
