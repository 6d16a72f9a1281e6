/** Route and element access by role, as the spec words it. */

export const WILDCARD = '*';

/** A route with no roles list, or with the wildcard, is open; otherwise the role must be listed. */
export function canAccess(roles: readonly string[] | undefined, role: string | undefined): boolean {
  if (!roles || roles.length === 0 || roles.includes(WILDCARD)) return true;
  return role !== undefined && roles.includes(role);
}

/** The element-level permission rule: removes an element when the role is not listed. Requires an array. */
export function hasPermission(roles: unknown, role: string | undefined): boolean {
  if (!Array.isArray(roles)) throw new Error('roles are needed, e.g. hasPermission(["admin"], role)');
  return canAccess(roles as string[], role);
}
