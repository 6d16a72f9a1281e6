/**
 * Jobs waiting for the team's approval (docs/TEAMS.md, "Approvals"): the leader tab asks the server about
 * each one's request. Approved: the job is checked to be exactly the one approved
 * (the digest of its action, items and parameters) and the server marks the approval used, once, before
 * the job resumes; rejected or withdrawn: the job is cancelled with the approver's comment. Loaded only
 * a little after the tab leads (src/kernel/shell/approvals-start.ts), then asking every APPROVAL_POLL_MS.
 */
import { jobDigestText } from '../../../protocol/org-policy';
import type { ApprovalView } from '../../../protocol/api/org';
import type { Runner } from './runner';
import type { JobRow } from './types';

/** What the waiter needs of the product API: one request's state, and using an approval. */
export interface ApprovalApi {
  approval(id: number, org: number): Promise<ApprovalView>;
  use(id: number, digest: string, org: number): Promise<ApprovalView>;
}

/** SHA-256 (hex) of the text an approval is bound to (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The digest of a job as the runner keeps it: its action, its items' ids in order, its parameters (no secrets). */
export function jobDigest(runner: Runner, job: JobRow): Promise<string> {
  const items = runner.items(job.id).map((i) => i.itemId);
  return sha256Hex(jobDigestText({ action: job.actionId, items, params: JSON.parse(job.params) as Record<string, unknown> }));
}

/** The digest of a draft about to be sent for approval (the same text as the job it becomes). */
export function draftDigest(draft: { actionId: string; planned: readonly { itemId: string }[]; params: Record<string, unknown> }): Promise<string> {
  return sha256Hex(jobDigestText({ action: draft.actionId, items: draft.planned.map((p) => p.itemId), params: draft.params }));
}

/** How often the leader asks about the requests of jobs waiting for approval. */
export const APPROVAL_POLL_MS = 15_000;

export const waitingForApproval = (job: JobRow) => job.status === 'paused' && job.pauseReason === 'approval' && job.approval > 0;

/** Looks once at every job waiting for approval; returns how many still wait. */
export async function checkApprovals(runner: Runner, api: ApprovalApi): Promise<number> {
  let still = 0;
  for (const job of runner.jobs().filter(waitingForApproval)) {
    try {
      const request = await api.approval(job.approval, job.org);
      if (request.status === 'pending') { still += 1; continue; }
      if (request.status === 'approved') {
        const digest = await jobDigest(runner, job);
        await api.use(job.approval, digest, job.org);
        await runner.resume(job.id);
        continue;
      }
      // used, and the job still waits: this page stopped between using it and resuming the job
      if (request.status === 'used' && request.job === job.id) { await runner.resume(job.id); continue; }
      if (request.status === 'used') continue;
      // rejected or withdrawn: the job ends, saying why
      runner.cancel(job.id);
      runner.jobStore.patchJob(job.id, { error: request.comment ? `${request.status}: ${request.comment}` : request.status });
    } catch (e) {
      still += 1;
      console.warn(`[tessera] the approval of ${job.id} could not be checked`, e);
    }
  }
  return still;
}

/** Asks about the waiting jobs' requests now and every APPROVAL_POLL_MS (a round at a time); returns the stop. */
export function keepCheckingApprovals(runner: Runner, api: ApprovalApi): () => void {
  let busy = false;
  const tick = () => {
    if (busy || !runner.jobs().some(waitingForApproval)) return;
    busy = true;
    checkApprovals(runner, api).catch((e) => console.warn('[tessera] the approvals could not be checked', e)).finally(() => { busy = false; });
  };
  tick();
  const timer = setInterval(tick, APPROVAL_POLL_MS);
  return () => clearInterval(timer);
}
