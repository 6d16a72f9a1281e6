// Teams (docs/TEAMS.md): organisations, their members and roles, invitations and the action policy per
// role. The request's organisation comes from the `x-tessera-org` header, its membership read by the
// hook of server/app.ts (server/org/scope.ts); `list`, `create` and the caller's own invitations work
// without it. Every change of who belongs with which role runs in one transaction that first locks the
// organisation's row (`select … for update`): two changes of one organisation, on any instance, run one
// after the other, so "at least one owner" and the member limit hold whatever runs at once. Approval
// requests are in server/routes/approvals.ts.
import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orgInvites, orgMembers, organisations, users } from '../db/schema';
import type { Executor, Tx } from '../db';
import { ApiError, Code, ok } from '../envelope';
import { t, type Lang, type MessageKey } from '../i18n';
import { mailQueue } from '../mail';
import { caller, type AppContext } from '../context';
import { managesOrg, requireOrg, requireOrgManager } from '../org/scope';
import { normaliseEmail } from '../users';
import * as s from '../schemas';
import { DEFAULT_ORG_POLICY } from '../../protocol/org-policy';
import {
  API, ORG_INVITE_DAYS, ORG_INVITE_ROLES, ORG_INVITES_MAX, ORG_MEMBERS_MAX, ORG_NAME_MAX, ORG_ROLES, ORGS_PER_USER_MAX,
  POLICY_ACTION_PATTERN, POLICY_ACTIONS_MAX, POLICY_VERDICTS,
  type MyInviteView, type OrgInviteView, type OrgMemberView, type OrgPolicy, type OrgRole, type OrgView, type PolicyVerdict, type RolePolicy,
} from '../../protocol/api';
import { route } from '../route';

const DAY_MS = 86_400_000;
/** no control characters; the name is trimmed and then must be 1–ORG_NAME_MAX characters */
const name = { type: 'string', minLength: 1, maxLength: ORG_NAME_MAX + 200, pattern: '^[^\\u0000-\\u001f\\u007f]*$' } as const;
const role = { type: 'string', enum: ORG_INVITE_ROLES } as const;
/** the mail's token: 32 random bytes as base64url */
const token = { type: 'string', maxLength: 43, pattern: '^[A-Za-z0-9_-]{43}$' } as const;
const verdict = { type: 'string', enum: POLICY_VERDICTS } as const;
const rolePolicy = s.object({
  default: verdict,
  irreversible: verdict,
  approvalAbove: { type: ['integer', 'null'], minimum: 1, maximum: 1_000_000 },
  actions: { type: 'object', maxProperties: POLICY_ACTIONS_MAX, propertyNames: { type: 'string', maxLength: 200, pattern: POLICY_ACTION_PATTERN }, additionalProperties: verdict },
}, ['default', 'irreversible', 'approvalAbove', 'actions']);
const policy = s.object({ admin: rolePolicy, operator: rolePolicy, viewer: rolePolicy }, ['admin', 'operator', 'viewer']);

const ROLE_KEYS: Record<OrgRole, MessageKey> = { owner: 'orgRoleOwner', admin: 'orgRoleAdmin', operator: 'orgRoleOperator', viewer: 'orgRoleViewer' };
const rank = (r: string) => ORG_ROLES.indexOf(r as OrgRole);
/** owners and admins: only an owner gives, takes or removes them */
const trusted = (r: string) => r === 'owner' || r === 'admin';

export function hashInviteToken(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** The trimmed name, refused when it is empty or longer than ORG_NAME_MAX. */
function orgName(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.length < 1 || [...trimmed].length > ORG_NAME_MAX) throw new ApiError(Code.INVALID, 'orgNameLength', { max: ORG_NAME_MAX }, 400);
  return trimmed;
}

/** The stored policy over the defaults, role by role and field by field: always complete, whatever is stored. */
export function effectivePolicy(stored: unknown): OrgPolicy {
  const all = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const isVerdict = (v: unknown): v is PolicyVerdict => typeof v === 'string' && (POLICY_VERDICTS as readonly string[]).includes(v);
  const merged = {} as OrgPolicy;
  for (const key of ['admin', 'operator', 'viewer'] as const) {
    const base = DEFAULT_ORG_POLICY[key];
    const own = (all[key] && typeof all[key] === 'object' ? all[key] : {}) as Partial<Record<keyof RolePolicy, unknown>>;
    const actions: Record<string, PolicyVerdict> = {};
    if (own.actions && typeof own.actions === 'object') {
      for (const [action, v] of Object.entries(own.actions as Record<string, unknown>)) if (isVerdict(v)) actions[action] = v;
    }
    const above = own.approvalAbove;
    merged[key] = {
      default: isVerdict(own.default) ? own.default : base.default,
      irreversible: isVerdict(own.irreversible) ? own.irreversible : base.irreversible,
      approvalAbove: above === null || (Number.isInteger(above) && (above as number) >= 1) ? (above as number | null) : base.approvalAbove,
      actions: own.actions && typeof own.actions === 'object' ? actions : { ...base.actions },
    };
  }
  return merged;
}

async function memberCount(db: Executor, orgId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orgMembers).where(eq(orgMembers.orgId, orgId));
  return Number(row?.n ?? 0);
}

async function orgViewOf(db: Executor, orgId: number, userId: number): Promise<OrgView> {
  const [row] = await db.select({ id: organisations.id, name: organisations.name, createdAt: organisations.createdAt, role: orgMembers.role })
    .from(organisations).innerJoin(orgMembers, and(eq(orgMembers.orgId, organisations.id), eq(orgMembers.userId, userId)))
    .where(eq(organisations.id, orgId));
  if (!row) throw new ApiError(Code.NOT_MEMBER, 'notMember', {}, 403);
  return { id: row.id, name: row.name, role: row.role as OrgRole, members: await memberCount(db, orgId), createdAt: row.createdAt.toISOString() };
}

/**
 * Locks the organisation's row for the rest of the transaction (every membership change of one
 * organisation takes this lock first) and answers the caller's role as it is now: a caller demoted or
 * removed a moment ago, on any instance, acts with what is left.
 */
async function lockOrg(tx: Tx, orgId: number, userId: number): Promise<OrgRole> {
  const [org] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, orgId)).for('update');
  const [me] = org ? await tx.select({ role: orgMembers.role }).from(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId))) : [];
  if (!me) throw new ApiError(Code.NOT_MEMBER, 'notMember', {}, 403);
  return me.role as OrgRole;
}

/** Locks the user's row (not its key: sessions and other rows may still refer to it) while their memberships are counted. */
async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

async function ownerCount(tx: Tx, orgId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.role, 'owner')));
  return Number(row?.n ?? 0);
}

async function membershipsOf(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(orgMembers).where(eq(orgMembers.userId, userId));
  return Number(row?.n ?? 0);
}

const pendingAt = (now: Date) => and(isNull(orgInvites.closedAt), gt(orgInvites.expiresAt, now));

function who(user: { name: string | null; email: string | null } | null): string {
  return user?.name?.trim() || user?.email || '';
}

function mailInvite(ctx: AppContext, lang: Lang, log: { warn(obj: object, msg: string): void }, invite: { email: string; role: OrgRole; org: string; inviter: string; token: string }): void {
  const link = `${ctx.config.publicUrl}/team/join?token=${invite.token}`;
  const params = { org: invite.org, inviter: invite.inviter, role: t(lang, ROLE_KEYS[invite.role]), link, days: ORG_INVITE_DAYS };
  mailQueue(ctx.mailer).enqueue({ to: invite.email, subject: t(lang, 'mailInviteSubject', params), text: t(lang, 'mailInviteText', params) }, (err) => {
    // the invitation stays pending: an owner or admin sees it and may invite the address again
    log.warn({ mailError: err.message }, 'invitation mail could not be sent');
  });
}

export async function orgRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, API.org.list, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const me = caller(req.auth).user;
    const rows = await ctx.db.select({
      id: organisations.id, name: organisations.name, createdAt: organisations.createdAt, role: orgMembers.role,
      members: sql<number>`(select count(*)::int from ${orgMembers} m where m.org_id = ${organisations.id})`,
    }).from(orgMembers).innerJoin(organisations, eq(organisations.id, orgMembers.orgId)).where(eq(orgMembers.userId, me.id));
    const views: OrgView[] = rows.map((r) => ({ id: r.id, name: r.name, role: r.role as OrgRole, members: Number(r.members), createdAt: r.createdAt.toISOString() }));
    return ok(req.lang, views.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id));
  });

  route(app, API.org.create, { config: { auth: 'user' }, schema: { body: s.object({ name }, ['name']) } }, async (req) => {
    const me = caller(req.auth).user;
    const title = orgName(req.body.name);
    const now = ctx.now();
    const view = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, me.id);
      if (await membershipsOf(tx, me.id) >= ORGS_PER_USER_MAX) throw new ApiError(Code.LIMIT_REACHED, 'orgTooMany', { max: ORGS_PER_USER_MAX });
      const [org] = await tx.insert(organisations).values({ name: title, createdBy: me.id, createdAt: now }).returning();
      await tx.insert(orgMembers).values({ orgId: org!.id, userId: me.id, role: 'owner', joinedAt: now });
      return { id: org!.id, name: org!.name, role: 'owner', members: 1, createdAt: org!.createdAt.toISOString() } satisfies OrgView;
    });
    return ok(req.lang, view);
  });

  route(app, API.org.rename, { config: { auth: 'user' }, schema: { body: s.object({ name }, ['name']) } }, async (req) => {
    const org = requireOrgManager(req.org);
    const title = orgName(req.body.name);
    await ctx.db.update(organisations).set({ name: title }).where(eq(organisations.id, org.id));
    return ok(req.lang, await orgViewOf(ctx.db, org.id, caller(req.auth).user.id));
  });

  route(app, API.org.members, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const org = requireOrg(req.org);
    const rows = await ctx.db.select({ userId: orgMembers.userId, role: orgMembers.role, joinedAt: orgMembers.joinedAt, email: users.email, name: users.name })
      .from(orgMembers).innerJoin(users, eq(users.id, orgMembers.userId)).where(eq(orgMembers.orgId, org.id));
    const views: OrgMemberView[] = rows.map((r) => ({ userId: r.userId, email: r.email, name: r.name, role: r.role as OrgRole, joinedAt: r.joinedAt.toISOString() }));
    // by role (owners first), then by name as the operator reads it (the address when there is no name)
    views.sort((a, b) => rank(a.role) - rank(b.role) || (a.name || a.email).localeCompare(b.name || b.email) || a.userId - b.userId);
    return ok(req.lang, views);
  });

  route(app, API.org.setRole, {
    config: { auth: 'user' },
    schema: { body: s.object({ userId: s.id, role }, ['userId', 'role']) },
  }, async (req) => {
    const org = requireOrgManager(req.org);
    const me = caller(req.auth).user;
    const { userId, role: next } = req.body;
    if (userId === me.id) throw new ApiError(Code.CONFLICT, 'orgOwnRole');
    await ctx.db.transaction(async (tx) => {
      const mine = await lockOrg(tx, org.id, me.id);
      if (!managesOrg(mine)) throw new ApiError(Code.ORG_ROLE, 'orgRoleNeeded', {}, 403);
      const [target] = await tx.select({ role: orgMembers.role }).from(orgMembers).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, userId)));
      if (!target) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'orgMemberNotFound', {}, 404);
      if ((trusted(target.role) || trusted(next)) && mine !== 'owner') throw new ApiError(Code.ORG_ROLE, 'orgOwnerNeeded', {}, 403);
      if (target.role === 'owner' && next !== 'owner' && await ownerCount(tx, org.id) <= 1) throw new ApiError(Code.CONFLICT, 'orgLastOwner');
      await tx.update(orgMembers).set({ role: next }).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, userId)));
    });
    const [row] = await ctx.db.select({ userId: orgMembers.userId, role: orgMembers.role, joinedAt: orgMembers.joinedAt, email: users.email, name: users.name })
      .from(orgMembers).innerJoin(users, eq(users.id, orgMembers.userId)).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, userId)));
    if (!row) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'orgMemberNotFound', {}, 404);
    return ok(req.lang, { userId: row.userId, email: row.email, name: row.name, role: row.role as OrgRole, joinedAt: row.joinedAt.toISOString() });
  });

  route(app, API.org.removeMember, {
    config: { auth: 'user' },
    schema: { body: s.object({ userId: s.id }, ['userId']) },
  }, async (req) => {
    const org = requireOrgManager(req.org);
    const me = caller(req.auth).user;
    const { userId } = req.body;
    if (userId === me.id) throw new ApiError(Code.CONFLICT, 'orgRemoveSelf');
    const removed = await ctx.db.transaction(async (tx) => {
      const mine = await lockOrg(tx, org.id, me.id);
      if (!managesOrg(mine)) throw new ApiError(Code.ORG_ROLE, 'orgRoleNeeded', {}, 403);
      const [target] = await tx.select({ role: orgMembers.role }).from(orgMembers).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, userId)));
      if (!target) return 0; // already gone (removed twice, or left): nothing to do
      if (trusted(target.role) && mine !== 'owner') throw new ApiError(Code.ORG_ROLE, 'orgOwnerNeeded', {}, 403);
      if (target.role === 'owner' && await ownerCount(tx, org.id) <= 1) throw new ApiError(Code.CONFLICT, 'orgLastOwner');
      const gone = await tx.delete(orgMembers).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, userId))).returning({ userId: orgMembers.userId });
      return gone.length;
    });
    return ok(req.lang, { removed });
  });

  route(app, API.org.leave, { config: { auth: 'user' }, schema: { body: s.noBody, querystring: s.noQuery } }, async (req) => {
    const org = requireOrg(req.org);
    const me = caller(req.auth).user;
    await ctx.db.transaction(async (tx) => {
      const mine = await lockOrg(tx, org.id, me.id);
      if (mine === 'owner' && await ownerCount(tx, org.id) <= 1) throw new ApiError(Code.CONFLICT, 'orgLastOwnerLeave');
      await tx.delete(orgMembers).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, me.id)));
    });
    return ok(req.lang, { left: 1 });
  });

  route(app, API.org.invite, {
    config: { auth: 'user' },
    schema: { body: s.object({ email: s.email, role }, ['email', 'role']) },
  }, async (req) => {
    const org = requireOrgManager(req.org);
    const me = caller(req.auth).user;
    const email = normaliseEmail(req.body.email);
    const invitedRole = req.body.role as OrgRole;
    const secret = crypto.randomBytes(32).toString('base64url');
    const now = ctx.now();
    const row = await ctx.db.transaction(async (tx) => {
      const mine = await lockOrg(tx, org.id, me.id);
      if (!managesOrg(mine)) throw new ApiError(Code.ORG_ROLE, 'orgRoleNeeded', {}, 403);
      if (trusted(invitedRole) && mine !== 'owner') throw new ApiError(Code.ORG_ROLE, 'orgOwnerNeeded', {}, 403);
      const [member] = await tx.select({ userId: orgMembers.userId }).from(orgMembers).innerJoin(users, eq(users.id, orgMembers.userId))
        .where(and(eq(orgMembers.orgId, org.id), eq(users.email, email)));
      if (member) throw new ApiError(Code.CONFLICT, 'orgAlreadyMember', { email });
      if (await memberCount(tx, org.id) >= ORG_MEMBERS_MAX) throw new ApiError(Code.LIMIT_REACHED, 'orgFull', { max: ORG_MEMBERS_MAX });
      // a new invitation of the same address replaces the pending one (its link stops working)
      await tx.update(orgInvites).set({ closedAt: now, closedAs: 'revoked' })
        .where(and(eq(orgInvites.orgId, org.id), eq(orgInvites.email, email), pendingAt(now)));
      const [{ n }] = await tx.select({ n: count() }).from(orgInvites).where(and(eq(orgInvites.orgId, org.id), pendingAt(now)));
      if (Number(n) >= ORG_INVITES_MAX) throw new ApiError(Code.LIMIT_REACHED, 'orgTooManyInvites', { max: ORG_INVITES_MAX });
      const [inserted] = await tx.insert(orgInvites).values({
        orgId: org.id, email, role: invitedRole, tokenHash: hashInviteToken(secret), invitedBy: me.id, createdAt: now, expiresAt: new Date(now.getTime() + ORG_INVITE_DAYS * DAY_MS),
      }).returning();
      const [current] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, org.id));
      return { ...inserted!, orgName: current?.name ?? org.name };
    });
    const inviter = who(me);
    mailInvite(ctx, req.lang, req.log, { email, role: invitedRole, org: row.orgName, inviter, token: secret });
    const view: OrgInviteView = { id: row.id, email, role: invitedRole, invitedBy: inviter, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
    return ok(req.lang, view);
  });

  route(app, API.org.invites, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const org = requireOrgManager(req.org);
    const rows = await ctx.db.select({ invite: orgInvites, inviterName: users.name, inviterEmail: users.email })
      .from(orgInvites).leftJoin(users, eq(users.id, orgInvites.invitedBy))
      .where(and(eq(orgInvites.orgId, org.id), pendingAt(ctx.now()))).orderBy(desc(orgInvites.createdAt), desc(orgInvites.id));
    const views: OrgInviteView[] = rows.map(({ invite, inviterName, inviterEmail }) => ({
      id: invite.id, email: invite.email, role: invite.role as OrgRole, invitedBy: who({ name: inviterName, email: inviterEmail }),
      createdAt: invite.createdAt.toISOString(), expiresAt: invite.expiresAt.toISOString(),
    }));
    return ok(req.lang, views);
  });

  route(app, API.org.revokeInvite, { config: { auth: 'user' }, schema: { body: s.object({ id: s.id }, ['id']) } }, async (req) => {
    const org = requireOrgManager(req.org);
    const now = ctx.now();
    const [invite] = await ctx.db.select({ role: orgInvites.role }).from(orgInvites)
      .where(and(eq(orgInvites.id, req.body.id), eq(orgInvites.orgId, org.id), isNull(orgInvites.closedAt)));
    // only an owner withdraws what only an owner may send
    if (invite && trusted(invite.role) && org.role !== 'owner') throw new ApiError(Code.ORG_ROLE, 'orgOwnerNeeded', {}, 403);
    const revoked = await ctx.db.update(orgInvites).set({ closedAt: now, closedAs: 'revoked' })
      .where(and(eq(orgInvites.id, req.body.id), eq(orgInvites.orgId, org.id), isNull(orgInvites.closedAt)))
      .returning({ id: orgInvites.id });
    return ok(req.lang, { revoked: revoked.length });
  });

  route(app, API.org.myInvites, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const me = caller(req.auth).user;
    const rows = await ctx.db.select({ invite: orgInvites, orgName: organisations.name, inviterName: users.name, inviterEmail: users.email })
      .from(orgInvites).innerJoin(organisations, eq(organisations.id, orgInvites.orgId)).leftJoin(users, eq(users.id, orgInvites.invitedBy))
      .where(and(eq(orgInvites.email, normaliseEmail(me.email)), pendingAt(ctx.now()))).orderBy(desc(orgInvites.createdAt), desc(orgInvites.id));
    const views: MyInviteView[] = rows.map(({ invite, orgName: title, inviterName, inviterEmail }) => ({
      id: invite.id, org: { id: invite.orgId, name: title }, role: invite.role as OrgRole,
      invitedBy: who({ name: inviterName, email: inviterEmail }), expiresAt: invite.expiresAt.toISOString(),
    }));
    return ok(req.lang, views);
  });

  route(app, API.org.acceptInvite, {
    config: { auth: 'user' },
    schema: { body: s.object({ token, id: s.id }) },
  }, async (req) => {
    const me = caller(req.auth).user;
    const { token: secret, id } = req.body;
    if ((secret === undefined) === (id === undefined)) throw new ApiError(Code.INVALID, 'invalidRequest', { detail: t(req.lang, 'vOneOf', { fields: 'token, id' }) }, 400);
    const now = ctx.now();
    const mine = normaliseEmail(me.email);
    const where = secret !== undefined ? eq(orgInvites.tokenHash, hashInviteToken(secret)) : eq(orgInvites.id, id!);
    const [found] = await ctx.db.select().from(orgInvites).where(where);
    // by id, an invitation addressed to someone else is as unknown as one that does not exist
    if (!found || (id !== undefined && found.email !== mine)) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'orgInviteNotFound', {}, 404);
    if (found.email !== mine) throw new ApiError(Code.FORBIDDEN, 'orgInviteOtherAddress', {}, 403);
    const view = await ctx.db.transaction(async (tx) => {
      const [org] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, found.orgId)).for('update');
      if (!org) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'orgInviteNotFound', {}, 404);
      await lockUser(tx, me.id);
      // pending and unexpired, checked again under the lock: an invitation is used once
      const [invite] = await tx.select().from(orgInvites).where(and(eq(orgInvites.id, found.id), pendingAt(now)));
      if (!invite) throw new ApiError(Code.CONFLICT, 'orgInviteClosed');
      const [already] = await tx.select({ role: orgMembers.role }).from(orgMembers).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, me.id)));
      if (already) throw new ApiError(Code.CONFLICT, 'orgAlreadyMemberSelf');
      if (await membershipsOf(tx, me.id) >= ORGS_PER_USER_MAX) throw new ApiError(Code.LIMIT_REACHED, 'orgTooMany', { max: ORGS_PER_USER_MAX });
      if (await memberCount(tx, org.id) >= ORG_MEMBERS_MAX) throw new ApiError(Code.LIMIT_REACHED, 'orgFull', { max: ORG_MEMBERS_MAX });
      await tx.update(orgInvites).set({ closedAt: now, closedAs: 'accepted' }).where(eq(orgInvites.id, invite.id));
      await tx.insert(orgMembers).values({ orgId: org.id, userId: me.id, role: invite.role, joinedAt: now });
      return orgViewOf(tx, org.id, me.id);
    });
    return ok(req.lang, view);
  });

  route(app, API.org.declineInvite, { config: { auth: 'user' }, schema: { body: s.object({ id: s.id }, ['id']) } }, async (req) => {
    const me = caller(req.auth).user;
    const declined = await ctx.db.update(orgInvites).set({ closedAt: ctx.now(), closedAs: 'declined' })
      .where(and(eq(orgInvites.id, req.body.id), eq(orgInvites.email, normaliseEmail(me.email)), isNull(orgInvites.closedAt)))
      .returning({ id: orgInvites.id });
    return ok(req.lang, { declined: declined.length });
  });

  route(app, API.org.policy, { config: { auth: 'user' }, schema: { querystring: s.noQuery } }, async (req) => {
    const org = requireOrg(req.org);
    const [row] = await ctx.db.select({ policy: organisations.policy }).from(organisations).where(eq(organisations.id, org.id));
    return ok(req.lang, effectivePolicy(row?.policy));
  });

  route(app, API.org.setPolicy, { config: { auth: 'user' }, schema: { body: s.object({ policy }, ['policy']) } }, async (req) => {
    const org = requireOrgManager(req.org);
    const next = effectivePolicy(req.body.policy);
    await ctx.db.update(organisations).set({ policy: next }).where(eq(organisations.id, org.id));
    return ok(req.lang, next);
  });
}
