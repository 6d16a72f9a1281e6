// What the admin routes share: the auth mode, the role schema, finding a user by id.
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { ApiError, Code } from '../../envelope';
import { ROLES } from '../../catalog';
import type { AppContext, UserRow } from '../../context';

export const ADMIN = { auth: 'admin' } as const;
export const role = { type: 'string', enum: [...ROLES] } as const;

export async function findUserById(ctx: AppContext, id: number): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new ApiError(Code.RESOURCE_NOT_FOUND, 'userNotFound');
  return user;
}
