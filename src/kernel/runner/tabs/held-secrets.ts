import { sendError, type PrepareRequest, type RunnerMessage, type SentError } from './protocol';

/** Runs an action's `prepare` in this tab, through this tab's bridge (Runner.prepareHere). */
export type PrepareHere = (actionId: string, params: Record<string, unknown>, items: PrepareRequest['items'], signal: AbortSignal) => Promise<unknown>;

type Outcome = { state: 'done'; value: unknown } | { state: 'failed'; error: SentError };

/**
 * A follower tab's side of the secrets it was given (a password typed in its action dialog): they
 * stay in this tab's memory, and when the leader needs the job's `prepare` (the password re-check)
 * this tab runs it and answers only its result. The secrets are dropped once `prepare` has used them
 * (the leader keeps its result for the job's life; a new leader asks the operator again) or when the
 * job ends. An answer that would carry a secret value is refused instead.
 */
export class HeldSecrets {
  private readonly held = new Map<string, { actionId: string; secrets: Record<string, unknown>; controller: AbortController }>();
  /** `prepare` of each job, once asked: its outcome once settled. */
  private readonly outcomes = new Map<string, { settled: Outcome | null }>();

  constructor(private readonly tabId: string, private readonly prepareHere: PrepareHere) {}

  keep(jobId: string, actionId: string, secrets: Record<string, unknown>): void {
    this.held.get(jobId)?.controller.abort();
    this.outcomes.delete(jobId);
    this.held.set(jobId, { actionId, secrets, controller: new AbortController() });
  }

  /** The job ended (or this tab closes): nothing of it is kept. */
  drop(jobId: string): void {
    this.held.get(jobId)?.controller.abort();
    this.held.delete(jobId);
    this.outcomes.delete(jobId);
  }

  clear(): void {
    for (const jobId of [...this.held.keys()]) this.drop(jobId);
    this.outcomes.clear();
  }

  /** Answers a leader's `prepare` request addressed to this tab: `working` while it runs, then its outcome. */
  answer(m: Extract<RunnerMessage, { kind: 'prepare' }>, post: (m: RunnerMessage) => void): void {
    const reply = (answer: Outcome | { state: 'working' | 'unheld' }) => post({ kind: 'prepared', from: this.tabId, to: m.from, id: m.id, ...answer } as RunnerMessage);
    const { jobId, actionId } = m.request;
    const known = this.outcomes.get(jobId);
    // A sending again: the outcome, or that it still runs (the leader counts this tab alive).
    if (known) return reply(known.settled ?? { state: 'working' });
    const entry = this.held.get(jobId);
    // Only the action the secrets were typed for may have them.
    if (!entry || entry.actionId !== actionId) return reply({ state: 'unheld' });
    const outcome: { settled: Outcome | null } = { settled: null };
    this.outcomes.set(jobId, outcome);
    reply({ state: 'working' });
    void this.run(entry.actionId, entry.secrets, m.request, entry.controller.signal).then((o) => {
      if (this.held.get(jobId) === entry) this.held.delete(jobId);
      if (this.outcomes.get(jobId) !== outcome) return; // the job ended meanwhile
      outcome.settled = o;
      reply(o);
    });
  }

  private async run(actionId: string, secrets: Record<string, unknown>, request: PrepareRequest, signal: AbortSignal): Promise<Outcome> {
    let outcome: Outcome;
    try {
      outcome = { state: 'done', value: await this.prepareHere(actionId, { ...request.params, ...secrets }, request.items, signal) };
    } catch (e) {
      outcome = { state: 'failed', error: sendError(e) };
    }
    return holdsSecret(outcome, secrets) ? { state: 'failed', error: { message: 'the action’s prepare step answered with a secret value: refused' } } : outcome;
  }
}

function holdsSecret(outcome: Outcome, secrets: Record<string, unknown>): boolean {
  const text = JSON.stringify(outcome) ?? '';
  return Object.values(secrets).some((v) => typeof v === 'string' && v !== '' && text.includes(v));
}
