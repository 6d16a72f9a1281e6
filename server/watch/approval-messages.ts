// Approvals through a team's watch channels (docs/TEAMS.md, "Approvals"): when a member asks for an
// approval, and when an owner or admin decides it, one outbox row per enabled channel of the team is
// written in the transaction that changed the approval (server/routes/approvals.ts); the outbox's workers
// send it (server/watch/outbox.ts) as `{ approval: … }` to a webhook, and as the text below elsewhere, in
// the channel's language. A repeat of one state on one channel is stored once (the outbox's unique key).
import { and, eq } from 'drizzle-orm';
import { approvals, watchChannels, watchOutbox } from '../db/schema';
import type { AppContext } from '../context';
import type { Executor } from '../db';
import { t, type Lang, type MessageKey } from '../i18n';
import type { WatchApprovalState, WatchApprovalWebhookBody } from '../../protocol/api';

type ApprovalRow = typeof approvals.$inferSelect;
type Person = { name: string; email: string };

const STATUS_WORD: Record<Exclude<WatchApprovalState, 'requested'>, MessageKey> = { approved: 'approvalStatusApproved', rejected: 'approvalStatusRejected' };

/** The team's approvals screen (plugins/team/plugin.json, route `approvals`). */
export const approvalsUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/team/approvals`;

/** The message's facts, kept in the outbox row and sent as is to a webhook. */
export function approvalBody(ctx: AppContext, a: {
  row: ApprovalRow; state: WatchApprovalState; org: { id: number; name: string }; requester: Person; decidedBy: Person | null; limit: number | null; at: Date;
}): WatchApprovalWebhookBody {
  return {
    approval: {
      id: a.row.id, state: a.state, org: a.org, requester: a.requester, action: a.row.action, items: (a.row.items as string[]).length,
      reason: a.row.reason as WatchApprovalWebhookBody['approval']['reason'], limit: a.limit, decidedBy: a.decidedBy, comment: a.row.comment,
      at: a.at.toISOString(), url: approvalsUrl(ctx),
    },
  };
}

/** Queues the message to every enabled channel of the team; returns how many rows were written. */
export async function queueApproval(ctx: AppContext, tx: Executor, userId: number, body: WatchApprovalWebhookBody, now: Date): Promise<number> {
  const a = body.approval;
  const channels = await tx.select({ id: watchChannels.id }).from(watchChannels).where(and(eq(watchChannels.orgId, a.org.id), eq(watchChannels.enabled, true)));
  if (!channels.length) return 0;
  const rows = await tx.insert(watchOutbox).values(channels.map((c) => ({
    userId, kind: 'approval', approvalId: a.id, channelId: c.id, state: a.state, payload: body, status: 'pending', attempts: 0, nextAt: now, createdAt: now,
  }))).onConflictDoNothing().returning({ id: watchOutbox.id });
  return rows.length;
}

/** The text of an approval message for chat channels and e-mail, in `lang`. */
export function approvalText(lang: Lang, body: WatchApprovalWebhookBody): { subject: string; text: string } {
  const a = body.approval;
  const name = a.requester.name || a.requester.email;
  const common = { org: a.org.name, name, email: a.requester.email, action: a.action, count: a.items, url: a.url };
  if (a.state === 'requested') {
    const why = a.reason === 'size' ? t(lang, 'approvalWhySize', { limit: a.limit ?? 0 }) : t(lang, a.reason === 'irreversible' ? 'approvalWhyIrreversible' : 'approvalWhyAction');
    return { subject: t(lang, 'watchApprovalRequestedSubject', common), text: t(lang, 'watchApprovalRequestedText', { ...common, why }) };
  }
  const status = t(lang, STATUS_WORD[a.state]);
  const decider = a.decidedBy ? a.decidedBy.name || a.decidedBy.email : '—';
  const comment = a.comment ? t(lang, 'approvalComment', { comment: a.comment }) : '';
  return {
    subject: t(lang, 'watchApprovalDecidedSubject', { ...common, status }),
    text: t(lang, 'watchApprovalDecidedText', { ...common, status, decider, comment }).replace(/ \n/, '\n'),
  };
}
