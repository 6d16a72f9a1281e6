import { receivedError, type PrepareRequest, type RunnerMessage } from './protocol';

/** The tab holding a job's secrets closed, stopped answering, or no longer holds them: ask the operator again. */
export class HolderGoneError extends Error {
  constructor() {
    super('the tab that holds the secret values is gone');
    this.name = 'HolderGoneError';
  }
}

/** How the leader's runner has a job's `prepare` run by the tab that holds the job's secrets. */
export interface SecretHolders {
  /** Resolves with `prepare`'s result; rejects with its error, or HolderGoneError. */
  prepare(holderTab: string, request: PrepareRequest, signal: AbortSignal): Promise<unknown>;
}

export interface AskOptions {
  /** How often the request is sent again while it runs (a heartbeat: the holder answers each one). */
  resendMs?: number;
  /** A holder that answers none of the sendings within this long is gone. */
  silenceMs?: number;
}

/**
 * The leader's side of `prepare` in another tab, on the runner's channel. The request is sent again
 * every `resendMs` and the holder answers each sending (`working` until `prepare` settles), so a
 * password re-check of any length keeps its answer coming, and a tab closed mid-way is noticed
 * `silenceMs` after the first sending it left unanswered. Timers of a background tab may fire late:
 * silence counts from the last sending, never from the last answer. Returns the handle and the
 * function to call with each message the channel brings.
 */
export function askHolders(post: (m: RunnerMessage) => void, tabId: string, options: AskOptions = {}): SecretHolders & { receive(m: RunnerMessage): void; close(): void } {
  const { resendMs = 1000, silenceMs = 5000 } = options;
  const waiting = new Map<string, (m: Extract<RunnerMessage, { kind: 'prepared' }>) => void>();
  let seq = 0;
  return {
    prepare: (holderTab, request, signal) => new Promise<unknown>((resolve, reject) => {
      const id = `${tabId}:prepare:${++seq}`;
      let sentAt = 0;
      let heardAt = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const end = () => { waiting.delete(id); clearTimeout(timer); signal.removeEventListener('abort', aborted); };
      const aborted = () => { end(); reject(signal.reason ?? new Error('aborted')); };
      const tick = () => {
        const now = Date.now();
        if (sentAt && heardAt < sentAt && now - sentAt > silenceMs) {
          end();
          return reject(new HolderGoneError());
        }
        // Unanswered but not yet silent: keep the first sending's time.
        if (!sentAt || heardAt >= sentAt) sentAt = now;
        post({ kind: 'prepare', from: tabId, to: holderTab, id, request });
        timer = setTimeout(tick, resendMs);
      };
      waiting.set(id, (m) => {
        heardAt = Date.now();
        if (m.state === 'working') return;
        end();
        if (m.state === 'done') resolve(m.value);
        else if (m.state === 'failed') reject(receivedError(m.error));
        else reject(new HolderGoneError());
      });
      if (signal.aborted) return aborted();
      signal.addEventListener('abort', aborted);
      tick();
    }),
    receive: (m) => {
      if (m.kind === 'prepared' && m.to === tabId) waiting.get(m.id)?.(m);
    },
    close: () => {
      for (const answer of [...waiting.values()]) answer({ kind: 'prepared', from: '', to: tabId, id: '', state: 'unheld' });
    },
  };
}
