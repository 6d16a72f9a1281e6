// The platform's AssignedUser rows: what `{page}/assigned_users`, `{pixel}/assigned_users` and
// `act_…/assigned_users` answer (docs/SDK.md). A row is a business user (its id is the business-user id
// the business's `business_users` edge gives, not the person's id) or a system user of the business
// the read names with its required `business` parameter; `user_type` tells which. Writes name the
// person the same way: a business-user id or a system-user id of that business.
import { errors } from '../../errors';
import { ref, required, type Ctx, type Params, type Ref, type TypeDef } from '../../graph/core';
import { memberOf } from '../../graph/access';
import type { Business, BusinessUser } from './data';
import { bizRef, businessParam } from './graph';

export interface AssignedUserRow {
  id: string;
  name: string;
  business: string;
  user_type: 'BUSINESS_USER' | 'SYSTEM_USER';
  tasks: string[];
  permitted_tasks: string[];
}

export const assignedUserType: TypeDef<AssignedUserRow> = {
  label: 'AssignedUser',
  defaults: ['id', 'name'],
  id: (r) => r.id,
  fields: {
    id: (r) => r.id,
    name: (r) => r.name,
    business: (r, ctx) => bizRef(ctx, r.business),
    user_type: (r) => r.user_type,
    tasks: (r) => r.tasks,
    permitted_tasks: (r) => r.permitted_tasks,
  },
  edges: {},
};

/** The business a read of assigned_users names: `business` is required, as on the platform. */
export function assignedBusiness(ctx: Ctx, p: Params): Business {
  return businessParam(ctx, required(p, 'business'));
}

/**
 * The rows of an asset's assigned users within business `b`: `entries` are a person's user id or a
 * system user's id with their tasks; people outside `b` are not listed (the platform lists them under
 * other edges, e.g. a page's `roles`). One row per business user, the later entry's tasks winning.
 */
export function assignedRows(ctx: Ctx, b: Business, entries: readonly { uid: string; tasks: readonly string[] }[], permitted: readonly string[]): Ref[] {
  const rows = new Map<string, AssignedUserRow>();
  for (const e of entries) {
    const bu = memberOf(ctx.data, b, e.uid);
    if (bu) {
      rows.set(bu.id, {
        id: bu.id, name: ctx.data.users.get(bu.uid)?.name ?? '', business: b.id, user_type: 'BUSINESS_USER',
        tasks: [...e.tasks], permitted_tasks: [...permitted],
      });
      continue;
    }
    const su = b.system_users.find((s) => s.id === e.uid);
    if (su) rows.set(su.id, { id: su.id, name: su.name, business: b.id, user_type: 'SYSTEM_USER', tasks: [...e.tasks], permitted_tasks: [...permitted] });
  }
  return [...rows.values()].map((r) => ref('assigned_user', r));
}

/**
 * Who a write's `user` names: a business user's id (of `b`, or of any business when `b` is null) or a
 * system user's id of `b`. A person's own user id is refused, as the platform does for these edges.
 */
export function assignee(ctx: Ctx, b: Business | null, user: string): { uid: string; bu?: BusinessUser; business: Business } {
  const bu = ctx.data.businessUsers.get(user);
  if (bu && (!b || bu.business === b.id)) return { uid: bu.uid, bu, business: b ?? ctx.data.businesses.get(bu.business)! };
  if (b && b.system_users.some((s) => s.id === user)) return { uid: user, business: b };
  throw errors.invalidParam(`Param user must be the id of a business user or system user${b ? ` of business ${b.id}` : ''}, got ${user}`,
    'Choose a person from the business\'s people list.');
}
