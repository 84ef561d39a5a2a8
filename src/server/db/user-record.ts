import { sql } from 'drizzle-orm';
import { isRoleName, type RoleName } from '#shared/roles.ts';
import { roles, userRoles, users, type shops } from './schema/index.ts';

/**
 * The read model of a user that the accounts and user-administration repos both select: the row, its
 * role names and its shop. One definition, so both answer the same shape.
 */

export type UserRow = typeof users.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;
/** A user with what the wire shape needs: role names and the shop, if any. */
export type UserRecord = { user: UserRow; roles: RoleName[]; shop: ShopRow | null };

/** The user's role names, sorted, as a column of a query on `users`. */
export const roleNamesOf = sql<string[]>`coalesce((
  select array_agg(${roles.name} order by ${roles.name})
  from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
  where ${userRoles.userId} = ${users.id}
), '{}')`;

/** Select `{ user: users, roles: roleNamesOf, shop: shops }` and map each row with this. */
export const toUserRecord = (r: { user: UserRow; roles: string[]; shop: ShopRow | null }): UserRecord => ({
  user: r.user,
  roles: r.roles.filter(isRoleName),
  shop: r.shop,
});
