// The user node (`me`, `{user}`); the areas add their edges to it (me/adaccounts, me/businesses, …).
import type { User } from './data';
import { errors } from '../../errors';
import { ref, type Ctx, type Ref, type TypeDef } from '../../graph/core';

export const userType: TypeDef<User> = {
  label: 'User',
  defaults: ['id', 'name'],
  id: (u) => u.id,
  fields: {
    id: (u) => u.id,
    name: (u) => u.name,
    first_name: (u) => u.first_name,
    last_name: (u) => u.last_name,
    email: (u) => u.email,
    picture: (u) => ({ data: { height: 50, width: 50, is_silhouette: false, url: `https://scontent.example.test/u/${u.id}.jpg` } }),
  },
  edges: {},
};

export function findUser(ctx: Ctx, id: string): Ref | null {
  if (id === 'me') return ref('user', ctx.data.users.get(ctx.session)!);
  const u = /^\d+$/.test(id) ? ctx.data.users.get(id) : undefined;
  return u ? ref('user', u) : null;
}

/** the edges of `me` answer only for the session user */
export function mine(ctx: Ctx, u: User): void {
  if (u.id !== ctx.session) throw errors.permission('Requires a user access token for this user');
}
