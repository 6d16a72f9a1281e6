// The organisation a signed-in request acts in (docs/TEAMS.md, "Scope"): the request names it in the
// `x-tessera-org` header; the caller's membership is read on every such request (never cached), so a
// member removed a moment ago is refused on their very next request, on every instance.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { orgMembers, organisations } from '../db/schema';
import { ApiError, Code } from '../envelope';
import type { AppContext } from '../context';
import { ORG_HEADER, type OrgRole } from '../../protocol/api';

export interface OrgScope {
  id: number;
  name: string;
  role: OrgRole;
}

/** The header's organisation id, or null when the request names none; a malformed value is refused. */
export function orgIdFromHeader(req: FastifyRequest): number | null {
  const raw = req.headers[ORG_HEADER];
  if (raw === undefined || raw === '') return null;
  const text = Array.isArray(raw) ? raw[0] ?? '' : raw;
  if (!/^[1-9][0-9]{0,9}$/.test(text) || Number(text) > 2_147_483_647) throw new ApiError(Code.INVALID, 'invalidRequest', { detail: ORG_HEADER }, 400);
  return Number(text);
}

/**
 * The caller's membership of the organisation the request names, or null when it names none. A caller
 * who is not (or no longer) a member is refused with NOT_MEMBER: the page then leaves the organisation
 * (src/kernel/api) and says so.
 */
export async function resolveOrgScope(ctx: AppContext, req: FastifyRequest, userId: number): Promise<OrgScope | null> {
  const orgId = orgIdFromHeader(req);
  if (orgId === null) return null;
  const [row] = await ctx.db.select({ id: organisations.id, name: organisations.name, role: orgMembers.role })
    .from(orgMembers).innerJoin(organisations, eq(organisations.id, orgMembers.orgId))
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  if (!row) throw new ApiError(Code.NOT_MEMBER, 'notMember', {}, 403);
  return { id: row.id, name: row.name, role: row.role as OrgRole };
}

/** The roles that manage an organisation: its members, invitations, policy and approvals, everyone's audit entries. */
export function managesOrg(role: OrgRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** The request's organisation, refused unless the request names one (an organisation's own endpoints). */
export function requireOrg(scope: OrgScope | null): OrgScope {
  if (!scope) throw new ApiError(Code.NO_ORG, 'noOrg', { header: ORG_HEADER }, 400);
  return scope;
}

/** The request's organisation, refused unless the caller is its owner or an admin. */
export function requireOrgManager(scope: OrgScope | null): OrgScope {
  const org = requireOrg(scope);
  if (!managesOrg(org.role)) throw new ApiError(Code.ORG_ROLE, 'orgRoleNeeded', {}, 403);
  return org;
}

/**
 * What a team shares (saved views, the library) is read by every member and changed by everyone but
 * its viewers; a request without a team reads and changes the caller's own.
 */
export function requireSharedEditor(scope: OrgScope | null): void {
  if (scope && scope.role === 'viewer') throw new ApiError(Code.ORG_ROLE, 'orgViewerReadOnly', {}, 403);
}
