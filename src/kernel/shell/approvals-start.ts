/**
 * The leader tab's check of jobs waiting for the team's approval (src/kernel/runner/approval-wait.ts): its
 * code loads a few seconds after the tab leads, not with the first screen.
 */
import type { WhileLeading } from '../runner/RunnerHost';
import { API } from '../../../protocol/api';

/** How long after leading the leader starts asking about approvals. */
export const APPROVALS_START_DELAY_MS = 5_000;

export const leadApprovalChecks: WhileLeading = (runner, kernel) => {
  let stop: (() => void) | null = null;
  let gone = false;
  const timer = setTimeout(() => {
    import('../runner/approval-wait').then((m) => {
      if (gone) return;
      stop = m.keepCheckingApprovals(runner, {
        approval: (id, org) => kernel().api.get(API.org.approval.path, { query: { id }, org: org || null }),
        use: (id, digest, org) => kernel().api.post(API.org.useApproval.path, { id, digest }, { org: org || null }),
      });
    }, (e) => console.warn('[tessera] the approvals check could not load', e));
  }, APPROVALS_START_DELAY_MS);
  return () => { gone = true; clearTimeout(timer); stop?.(); };
};
