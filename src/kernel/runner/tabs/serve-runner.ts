import type { KernelBus } from '../../bus';
import type { Runner, SecretHolder, StartOptions } from '../runner';
import type { JobItem } from '../types';
import { isDraft, type Draft } from '../draft';
import { newTabId } from '../../store/tab-sync';
import { FORWARDED_EVENTS, REMOTE_METHODS, sendError, type RunnerMessage } from './protocol';
import { askHolders, type AskOptions } from './ask-holder';

/** Answers of the calls already handled, so a resent call is not carried out twice. */
const REMEMBERED_CALLS = 500;

/**
 * The leader tab's side: carries out the other tabs' calls on this tab's runner and forwards its bus
 * events to them; a job whose secrets the tab that asked for it keeps has its `prepare` run there
 * (ask-holder.ts). Returns the function that stops serving.
 */
export function serveRunner(runner: Runner, channelName: string, bus: KernelBus, tabId = newTabId(), Channel: typeof BroadcastChannel = BroadcastChannel, ask: AskOptions = {}): () => void {
  const channel = new Channel(channelName);
  const post = (m: RunnerMessage) => channel.postMessage(m);
  const answers = new Map<string, Promise<RunnerMessage>>();
  const holders = askHolders(post, tabId, ask);
  runner.useSecretHolders(holders);

  const carryOut = async (m: Extract<RunnerMessage, { kind: 'call' }>): Promise<RunnerMessage> => {
    try {
      return { kind: 'reply', from: tabId, to: m.from, id: m.id, ok: true, value: await invoke(runner, m.method, m.args, m.from) };
    } catch (e) {
      return { kind: 'reply', from: tabId, to: m.from, id: m.id, ok: false, error: sendError(e) };
    }
  };

  channel.onmessage = (event: MessageEvent<RunnerMessage>) => {
    const m = event.data;
    if (!m || m.from === tabId) return;
    if (m.kind === 'who') post({ kind: 'serving', from: tabId });
    if (m.kind === 'prepared') holders.receive(m);
    if (m.kind !== 'call' || !REMOTE_METHODS.includes(m.method)) return;
    let answer = answers.get(m.id);
    if (!answer) {
      answer = carryOut(m);
      answers.set(m.id, answer);
      if (answers.size > REMEMBERED_CALLS) answers.delete(answers.keys().next().value!);
    }
    void answer.then(post);
  };

  const forwarders = FORWARDED_EVENTS.map((name) => {
    const forward = (payload: unknown) => post({ kind: 'event', from: tabId, name, payload } as RunnerMessage);
    bus.on(name, forward);
    return () => bus.off(name, forward);
  });
  post({ kind: 'serving', from: tabId });

  return () => {
    forwarders.forEach((off) => off());
    runner.useSecretHolders(null);
    holders.close();
    channel.onmessage = null;
    channel.close();
  };
}

async function invoke(runner: Runner, method: string, args: unknown[], from: string): Promise<unknown> {
  switch (method) {
    case 'start': {
      // A tab of the code before drafts sends the form's values; a tab of today's, its draft.
      if (typeof args[0] === 'string') {
        const [actionId, params, items, options] = args as [string, unknown, JobItem[], StartOptions];
        if (options?.jobId && runner.job(options.jobId)) return options.jobId;
        // the draft splits off the secrets by the action's schema, which loads with the validators
        await runner.loadParamValidators();
        if (options?.jobId && runner.job(options.jobId)) return options.jobId;
        return runner.start(actionId, params, items, { ...options, secretHolder: heldBy(options?.secretHolder, from) });
      }
      const draft = args[0] as Draft;
      if (!isDraft(draft)) throw new Error('a start without a draft');
      // A resent start whose first sending got through (perhaps to the leader before this one).
      if (draft.jobId && runner.job(draft.jobId)) return draft.jobId;
      return runner.start({ ...draft, secretHolder: heldBy(draft.secretHolder, from) });
    }
    case 'pause': return runner.pause(String(args[0]));
    case 'resume': {
      // Refused parameters reject at once; settling and scheduling may take a minute: answer before them.
      await runner.loadParamValidators();
      const resuming = runner.resume(String(args[0]), args[1] as Record<string, unknown> | undefined, heldBy(args[2] as SecretHolder | undefined, from));
      resuming.catch(() => { /* a refusal is the answer below; later failures land in the job's row */ });
      return Promise.race([resuming, Promise.resolve(undefined)]);
    }
    case 'cancel': return runner.cancel(String(args[0]));
    case 'retryFailed': return runner.retryFailed(String(args[0]));
    default: throw new Error(`unknown runner method "${method}"`);
  }
}

/** Secrets kept by another tab are kept by the tab that made the call, whatever the call says. */
function heldBy(holder: SecretHolder | undefined, from: string): SecretHolder | undefined {
  return holder?.names?.length ? { tabId: from, names: holder.names.map(String) } : undefined;
}
