// Approvals of jobs (docs/TEAMS.md, "Action policy" and "Approvals"). A member asks for a job the
// organisation's policy sends to approval (protocol/org-policy.ts `decideJob`, checked again here); the
// request is bound to the exact job by a digest (SHA-256 of `jobDigestText`). Owners and admins (not the
// requester) approve or reject it; the requester's browser uses an approval once, for the job it was
// given for. Every change of state is one conditional UPDATE … WHERE status = … RETURNING, so two
// instances (or two tabs) deciding or using at once give one outcome and the other a CONFLICT. The
// owners and admins are told in-app, and the team's watch channels get each request and decision
// (server/watch/approval-messages.ts), written in the same transaction as the change.
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { announcements, approvals, orgMembers, organisations, users, watchChannels } from '../db/schema';
import { ApiError, Code, ok } from '../envelope';
import { ACTION_IRREVERSIBLE } from '../catalog';
import { caller, type AppContext } from '../context';
import type { Executor } from '../db';
import { t, type Lang, type MessageKey } from '../i18n';
import { managesOrg, requireOrg, requireOrgManager, type OrgScope } from '../org/scope';
import * as s from '../schemas';
import {
  API, APPROVAL_DRY_RUN_MAX_BYTES, APPROVAL_ITEMS_MAX, APPROVAL_STATUSES, JOB_RECORD_STATE_MAX_BYTES,
  type ApprovalPreviewRow, type ApprovalReason, type ApprovalStatus, type ApprovalView, type OrgPolicy, type OrgRole,
} from '../../protocol/api';
import { decideJob, jobDigestText } from '../../protocol/org-policy';
import { route } from '../route';
import { effectivePolicy } from './org';
import { approvalBody, queueApproval } from '../watch/approval-messages';

/** No control characters (ids and names are shown and searched, never parsed). */
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]+$';
const ANY_TEXT = '^[^\\u0000-\\u001f\\u007f]*$';
/** The runner's job ids, as server/routes/jobs.ts takes them. */
const jobId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
/** An action id: `<pluginId>.<verb>` (no area wildcard: a job runs one action). */
const actionId = { type: 'string', minLength: 3, maxLength: 100, pattern: '^[a-z][a-z0-9-]*\\.[A-Za-z0-9_-]+$' } as const;
/** An item of a job: a platform object's id, or a pair the runner names (as server/routes/jobs.ts's `item`). */
const itemId = { type: 'string', minLength: 1, maxLength: 256, pattern: PRINTABLE } as const;
const previewRow = s.object({
  id: itemId,
  name: { type: 'string', maxLength: 500, pattern: ANY_TEXT },
  changes: {
    type: 'array', maxItems: 100,
    items: s.object({ field: { type: 'string', maxLength: 100, pattern: '^[^\\u0000-\\u001f\\u007f]*$' }, from: { type: 'string', maxLength: 2000 }, to: { type: 'string', maxLength: 2000 } }, ['field', 'from', 'to']),
  },
  skip: { type: 'string', maxLength: 500 },
}, ['id', 'name', 'changes']);
/** The items' ids, the dry run and the parameters of up to APPROVAL_ITEMS_MAX items: more than the server's usual body limit. */
const BODY_LIMIT = 4 * 1024 * 1024;

const STATUS_WORD: Record<ApprovalStatus, MessageKey> = {
  pending: 'approvalStatusPending', approved: 'approvalStatusApproved', rejected: 'approvalStatusRejected', cancelled: 'approvalStatusCancelled', used: 'approvalStatusUsed',
};
const ROLE_WORD: Record<OrgRole, MessageKey> = { owner: 'orgRoleOwner', admin: 'orgRoleAdmin', operator: 'orgRoleOperator', viewer: 'orgRoleViewer' };

type ApprovalRow = typeof approvals.$inferSelect;

/** SHA-256 (hex) of the job's canonical text: what an approval is good for. */
export function jobDigest(job: { action: string; items: readonly string[]; params: Record<string, unknown> }): string {
  return createHash('sha256').update(jobDigestText(job), 'utf8').digest('hex');
}

/** The organisation's action policy: what it stored over the defaults (server/routes/org.ts, `effectivePolicy`). */
export async function orgPolicy(ctx: AppContext, orgId: number): Promise<OrgPolicy> {
  const [row] = await ctx.db.select({ policy: organisations.policy }).from(organisations).where(eq(organisations.id, orgId));
  return effectivePolicy(row?.policy);
}

type Person = { userId: number; email: string; name: string };

/** The approval rows as their readers see them, with the requester and the decider named. */
async function viewsOf(ctx: AppContext, rows: ApprovalRow[]): Promise<ApprovalView[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.requesterId, ...(r.decidedBy ? [r.decidedBy] : [])]))];
  const people = new Map<number, Person>();
  if (ids.length) {
    for (const u of await ctx.db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, ids))) {
      people.set(u.id, { userId: u.id, email: u.email, name: u.name });
    }
  }
  const person = (id: number): Person => people.get(id) ?? { userId: id, email: '', name: '' };
  return rows.map((r) => ({
    id: r.id,
    status: r.status as ApprovalStatus,
    reason: r.reason as ApprovalReason,
    action: r.action,
    job: r.job,
    fbid: r.fbid,
    items: r.items as string[],
    params: r.params as Record<string, unknown>,
    dryRun: r.dryRun as ApprovalPreviewRow[],
    digest: r.digest,
    requester: person(r.requesterId),
    decidedBy: r.decidedBy === null ? null : person(r.decidedBy),
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}

async function viewOf(ctx: AppContext, row: ApprovalRow): Promise<ApprovalView> {
  return (await viewsOf(ctx, [row]))[0]!;
}

/**
 * The request `id` of the organisation as the caller may see it: their own, or any when they manage
 * the organisation; else NOT_FOUND (someone else's request is not shown to exist).
 */
async function visibleApproval(ctx: AppContext, org: OrgScope, userId: number, id: number): Promise<ApprovalRow> {
  const [row] = await ctx.db.select().from(approvals).where(and(eq(approvals.id, id), eq(approvals.orgId, org.id)));
  if (!row || (row.requesterId !== userId && !managesOrg(org.role))) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'approvalNotFound', {}, 404);
  return row;
}

/**
 * The language of a user's messages when it is known: that of the watch channel they saved last (the
 * language of the page they saved it from). Null when unknown: the message is then written in both.
 */
async function knownLangs(db: Executor, userIds: number[]): Promise<Map<number, Lang>> {
  const langs = new Map<number, Lang>();
  if (!userIds.length) return langs;
  const rows = await db.select({ userId: watchChannels.userId, lang: watchChannels.lang, at: watchChannels.updatedAt })
    .from(watchChannels).where(inArray(watchChannels.userId, userIds)).orderBy(desc(watchChannels.updatedAt));
  for (const r of rows) if (r.userId !== null && !langs.has(r.userId) && (r.lang === 'zh-CN' || r.lang === 'en-US')) langs.set(r.userId, r.lang);
  return langs;
}

/** Targeted in-app messages (server/routes/messages.ts shows them), each in its reader's language if known, else in both. */
async function notify(db: Executor, now: Date, recipients: number[], write: (lang: Lang) => { title: string; content: string }, from: number): Promise<void> {
  if (!recipients.length) return;
  const langs = await knownLangs(db, recipients);
  await db.insert(announcements).values(recipients.map((userId) => {
    const lang = langs.get(userId);
    if (lang) return { ...write(lang), targetUserId: userId, createdBy: from, createdAt: now };
    const [zh, en] = [write('zh-CN'), write('en-US')];
    return { title: `${zh.title} / ${en.title}`, content: `${zh.content}\n\n${en.content}`, targetUserId: userId, createdBy: from, createdAt: now };
  }));
}

function whyText(lang: Lang, reason: ApprovalReason, limit: number | undefined): string {
  if (reason === 'size') return t(lang, 'approvalWhySize', { limit: limit ?? 0 });
  return t(lang, reason === 'irreversible' ? 'approvalWhyIrreversible' : 'approvalWhyAction');
}

/** Why `row` cannot move on from its status. */
function closed(lang: Lang, status: string, key: 'approvalClosed' | 'approvalNotApproved' = 'approvalClosed'): ApiError {
  const word = STATUS_WORD[status as ApprovalStatus];
  return new ApiError(Code.CONFLICT, key, { status: word ? t(lang, word) : status }, 409);
}

export async function approvalRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.org.requestApproval, {
    config: { auth: 'user' },
    bodyLimit: BODY_LIMIT,
    schema: {
      body: s.object({
        job: jobId,
        action: actionId,
        fbid: s.fbid,
        items: { type: 'array', minItems: 1, maxItems: APPROVAL_ITEMS_MAX, items: itemId },
        params: { type: 'object', maxProperties: 100 },
        dryRun: { type: 'array', maxItems: APPROVAL_ITEMS_MAX, items: previewRow },
        reason: { type: 'string', enum: ['action', 'irreversible', 'size'] },
      }, ['job', 'action', 'fbid', 'items', 'params', 'dryRun', 'reason']),
    },
  }, async (req) => {
    const auth = caller(req.auth);
    const org = requireOrg(req.org);
    const { job, action, fbid, items, params, dryRun } = req.body;
    const irreversible = ACTION_IRREVERSIBLE.get(action);
    if (irreversible === undefined) throw new ApiError(Code.INVALID, 'approvalUnknownAction', { action }, 400);
    if (Buffer.byteLength(JSON.stringify(params)) > JOB_RECORD_STATE_MAX_BYTES) {
      throw new ApiError(Code.RECORD_TOO_LARGE, 'approvalParamsTooLarge', { max: JOB_RECORD_STATE_MAX_BYTES }, 400);
    }
    if (Buffer.byteLength(JSON.stringify(dryRun)) > APPROVAL_DRY_RUN_MAX_BYTES) {
      throw new ApiError(Code.RECORD_TOO_LARGE, 'approvalDryRunTooLarge', { max: APPROVAL_DRY_RUN_MAX_BYTES }, 400);
    }
    // the policy decides on the server too: a job it does not send to approval is refused (docs/TEAMS.md)
    const decision = decideJob(await orgPolicy(ctx, org.id), org.role, { action, irreversible, items: items.length });
    if (decision.verdict === 'deny') throw new ApiError(Code.POLICY_DENIED, 'approvalPolicyDenied', { role: t(req.lang, ROLE_WORD[org.role]), action }, 403);
    if (decision.verdict === 'allow') throw new ApiError(Code.CONFLICT, 'approvalNotNeeded', {}, 409);
    // the server's reason, not the page's: a role whose default is 'approval' asks because of the action
    const reason: ApprovalReason = decision.reason === 'size' || decision.reason === 'irreversible' ? decision.reason : 'action';
    const name = auth.user.name || auth.user.email;
    // the request and the owners' and admins' messages are stored together, or neither
    const row = await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const [inserted] = await tx.insert(approvals).values({
        orgId: org.id, requesterId: auth.user.id, status: 'pending', reason, job, action, fbid, items, params, dryRun,
        digest: jobDigest({ action, items, params }), createdAt: now,
      }).returning();
      const managers = await tx.select({ userId: orgMembers.userId }).from(orgMembers)
        .where(and(eq(orgMembers.orgId, org.id), inArray(orgMembers.role, ['owner', 'admin']), ne(orgMembers.userId, auth.user.id)));
      await notify(tx, now, managers.map((m) => m.userId), (lang) => ({
        title: t(lang, 'approvalAskedTitle', { org: org.name, name, action }),
        content: t(lang, 'approvalAskedText', { name, email: auth.user.email, org: org.name, count: items.length, action, why: whyText(lang, reason, decision.limit) }),
      }), auth.user.id);
      await queueApproval(ctx, tx, auth.user.id, approvalBody(ctx, {
        row: inserted!, state: 'requested', org: { id: org.id, name: org.name }, requester: { name: auth.user.name, email: auth.user.email }, decidedBy: null,
        limit: decision.limit ?? null, at: now,
      }), now);
      return inserted!;
    });
    ctx.watchOutbox?.kick();
    return ok(req.lang, await viewOf(ctx, row));
  });

  route(app, API.org.approvals, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { status: { type: 'string', enum: [...APPROVAL_STATUSES] }, ...s.paging, uid: s.uid } } },
  }, async (req) => {
    const auth = caller(req.auth);
    const org = requireOrg(req.org);
    const page = req.query.page ?? 1;
    const pageSize = req.query.pageSize ?? 20;
    // an owner or admin reads the organisation's requests, a member their own
    const where: SQL = and(
      eq(approvals.orgId, org.id),
      managesOrg(org.role) ? undefined : eq(approvals.requesterId, auth.user.id),
      req.query.status ? eq(approvals.status, req.query.status) : undefined,
    )!;
    const [rows, [total]] = await Promise.all([
      ctx.db.select().from(approvals).where(where).orderBy(desc(approvals.createdAt), desc(approvals.id)).limit(pageSize).offset((page - 1) * pageSize),
      ctx.db.select({ n: count() }).from(approvals).where(where),
    ]);
    return ok(req.lang, { list: await viewsOf(ctx, rows), total: Number(total?.n ?? 0), page, pageSize });
  });

  route(app, API.org.approval, {
    config: { auth: 'user' },
    schema: { querystring: { type: 'object', properties: { id: s.id, uid: s.uid }, required: ['id'] } },
  }, async (req) => {
    const auth = caller(req.auth);
    const org = requireOrg(req.org);
    return ok(req.lang, await viewOf(ctx, await visibleApproval(ctx, org, auth.user.id, req.query.id)));
  });

  route(app, API.org.decide, {
    config: { auth: 'user' },
    schema: { body: s.object({ id: s.id, approve: { type: 'boolean' }, comment: { type: 'string', maxLength: 500 } }, ['id', 'approve', 'comment']) },
  }, async (req) => {
    const auth = caller(req.auth);
    const org = requireOrgManager(req.org);
    const { id, approve, comment } = req.body;
    const found = await visibleApproval(ctx, org, auth.user.id, id);
    if (found.requesterId === auth.user.id) throw new ApiError(Code.FORBIDDEN, 'approvalOwnRequest', {}, 403);
    const name = auth.user.name || auth.user.email;
    const row = await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      // one statement decides: of two owners or admins deciding at once (on any instances), one gets the row
      const [decided] = await tx.update(approvals)
        .set({ status: approve ? 'approved' : 'rejected', decidedBy: auth.user.id, comment: comment.trim(), decidedAt: now })
        .where(and(eq(approvals.id, id), eq(approvals.orgId, org.id), eq(approvals.status, 'pending')))
        .returning();
      if (!decided) return null;
      const items = (decided.items as string[]).length;
      await notify(tx, now, [decided.requesterId], (lang) => {
        const status = t(lang, STATUS_WORD[decided.status as ApprovalStatus]);
        return {
          title: t(lang, 'approvalDecidedTitle', { org: org.name, action: decided.action, status }),
          content: t(lang, 'approvalDecidedText', {
            name, status, org: org.name, count: items, action: decided.action, comment: decided.comment ? t(lang, 'approvalComment', { comment: decided.comment }) : '',
          }).trim(),
        };
      }, auth.user.id);
      const [requester] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, decided.requesterId));
      await queueApproval(ctx, tx, decided.requesterId, approvalBody(ctx, {
        row: decided, state: approve ? 'approved' : 'rejected', org: { id: org.id, name: org.name }, requester: requester ?? { name: '', email: '' },
        decidedBy: { name: auth.user.name, email: auth.user.email }, limit: null, at: now,
      }), now);
      return decided;
    });
    ctx.watchOutbox?.kick();
    if (!row) {
      const [current] = await ctx.db.select({ status: approvals.status }).from(approvals).where(eq(approvals.id, id));
      throw closed(req.lang, current?.status ?? found.status);
    }
    return ok(req.lang, await viewOf(ctx, row));
  });

  route(app, API.org.cancelApproval, {
    config: { auth: 'user' },
    schema: { body: s.object({ id: s.id }, ['id']) },
  }, async (req) => {
    const auth = caller(req.auth);
    const org = requireOrg(req.org);
    const found = await visibleApproval(ctx, org, auth.user.id, req.body.id);
    if (found.requesterId !== auth.user.id) throw new ApiError(Code.FORBIDDEN, 'approvalNotYours', {}, 403);
    const [row] = await ctx.db.update(approvals).set({ status: 'cancelled' })
      .where(and(eq(approvals.id, found.id), eq(approvals.requesterId, auth.user.id), eq(approvals.status, 'pending')))
      .returning();
    if (!row) {
      const [now] = await ctx.db.select({ status: approvals.status }).from(approvals).where(eq(approvals.id, found.id));
      throw closed(req.lang, now?.status ?? found.status);
    }
    return ok(req.lang, await viewOf(ctx, row));
  });

  route(app, API.org.useApproval, {
    config: { auth: 'user' },
    schema: { body: s.object({ id: s.id, digest: { type: 'string', pattern: '^[0-9a-f]{64}$' } }, ['id', 'digest']) },
  }, async (req) => {
    const auth = caller(req.auth);
    const org = requireOrg(req.org);
    const { id, digest } = req.body;
    const found = await visibleApproval(ctx, org, auth.user.id, id);
    if (found.requesterId !== auth.user.id) throw new ApiError(Code.FORBIDDEN, 'approvalNotYours', {}, 403);
    // used once: of two tabs or instances starting the job at once, one gets the row
    const [row] = await ctx.db.update(approvals).set({ status: 'used', usedAt: ctx.now() })
      .where(and(eq(approvals.id, id), eq(approvals.requesterId, auth.user.id), eq(approvals.status, 'approved'), eq(approvals.digest, digest)))
      .returning();
    if (row) return ok(req.lang, await viewOf(ctx, row));
    const [now] = await ctx.db.select({ status: approvals.status, digest: approvals.digest }).from(approvals).where(eq(approvals.id, id));
    const status = now?.status ?? found.status;
    if (status === 'used') throw new ApiError(Code.CONFLICT, 'approvalUsed', {}, 409);
    if (status === 'approved' && now?.digest !== digest) throw new ApiError(Code.CONFLICT, 'approvalChanged', {}, 409);
    throw closed(req.lang, status, 'approvalNotApproved');
  });
}
