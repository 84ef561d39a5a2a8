import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { isRoleName, type RoleName } from '#shared/roles.ts';
import type { Queryable } from '../../db/client.ts';
import { roles, sessions, shops, userRoles, users } from '../../db/schema/index.ts';
import { roleNamesOf, toUserRecord, type UserRecord, type UserRow } from '../../db/user-record.ts';

/** Accounts SQL. Every user read skips deleted (anonymised) users. */

export type { ShopRow, UserRecord, UserRow } from '../../db/user-record.ts';

export async function listRoles(db: Queryable): Promise<{ id: string; name: RoleName }[]> {
  const rows = await db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.name));
  return rows.flatMap((r) => (isRoleName(r.name) ? [{ id: r.id, name: r.name }] : []));
}

export async function findUserRecord(db: Queryable, id: string): Promise<UserRecord | null> {
  const rows = await db
    .select({ user: users, roles: roleNamesOf, shop: shops })
    .from(users)
    .leftJoin(shops, eq(shops.userId, users.id))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  const row = rows[0];
  return row ? toUserRecord(row) : null;
}

/** The password hash to check a sign-in against; null for unknown or deleted users. */
export async function findCredentials(
  db: Queryable,
  email: string,
): Promise<{ id: string; passwordHash: string } | null> {
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return rows[0] ?? null;
}

export async function findPublicUser(
  db: Queryable,
  id: string,
): Promise<{ id: string; name: string } | null> {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return rows[0] ?? null;
}

export async function insertUser(db: Queryable, values: typeof users.$inferInsert): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function insertUserRoles(
  db: Queryable,
  userId: string,
  roleIds: readonly string[],
): Promise<void> {
  if (roleIds.length === 0) return;
  await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'name'
    | 'phone'
    | 'email'
    | 'passwordHash'
    | 'currency'
    | 'bankAccount'
    | 'address'
    | 'country'
    | 'state'
    | 'city'
  >
>;

/** Update one (not deleted) user; returns false when there is no such user. */
export async function updateUser(db: Queryable, id: string, patch: UserPatch): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Holds the /shop/ link `linkKey` until the transaction ends (two writers of one link queue). */
export async function lockShopLink(db: Queryable, linkKey: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shop-link:${linkKey}`}, 0))`);
}

/**
 * Whether another user's shop already answers to this link key (`shopLinkKey`): the public shop page
 * reads hyphens as spaces, case-insensitively, so two such names would share one /shop/ link.
 */

export async function shopLinkTaken(db: Queryable, linkKey: string, exceptUserId?: string): Promise<boolean> {
  const key = sql`lower(regexp_replace(btrim(replace(${shops.shopName}, '-', ' ')), '[[:space:]]+', ' ', 'g'))`;
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(
      exceptUserId ? and(sql`${key} = ${linkKey}`, ne(shops.userId, exceptUserId)) : sql`${key} = ${linkKey}`,
    )
    .limit(1);
  return rows.length > 0;
}

/** Create or update the seller's one shop. Images left undefined keep their current value. */
export async function upsertShop(
  db: Queryable,
  userId: string,
  shop: { shopName: string; shopPicture?: string | null; shopBanner?: string | null },
): Promise<void> {
  const images = {
    ...(shop.shopPicture !== undefined && { shopPicture: shop.shopPicture }),
    ...(shop.shopBanner !== undefined && { shopBanner: shop.shopBanner }),
  };
  await db
    .insert(shops)
    .values({ userId, shopName: shop.shopName, ...images })
    .onConflictDoUpdate({
      target: shops.userId,
      set: { shopName: shop.shopName, ...images, updatedAt: sql`now()` },
    });
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** End every session of the user except `keepSessionId` (the one making the request, if any). */
export async function deleteOtherSessions(
  db: Queryable,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
}

/**
 * Active, not deleted users holding the Distributor role, whatever the case of the role's name (roles
 * created by other clients may spell it 'distributor'). They receive the orders to deliver.
 */
export async function activeDistributors(db: Queryable): Promise<{ name: string; email: string }[]> {
  return db
    .selectDistinct({ name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(sql`lower(${roles.name}) = 'distributor'`, isNull(users.deletedAt), eq(users.active, true)))
    .orderBy(asc(users.email));
}

/** Active, not deleted users holding `role` (e.g. every Admin to tell about a new seller). */
export async function listActiveUsersWithRole(
  db: Queryable,
  role: RoleName,
): Promise<{ id: string; name: string; email: string }[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, role), eq(users.active, true), isNull(users.deletedAt)))
    .orderBy(asc(users.email));
}

/**
 * Delete a seller's unfinished registration: only while it is inactive and has no documents. The
 * conditions are in the DELETE itself; returns false when they no longer hold. Roles, sessions and
 * tokens go with the row (ON DELETE CASCADE).
 */
export async function deleteUnfinishedRegistration(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.active, false),
        isNull(users.deletedAt),
        sql`cardinality(${users.verificationDocs}) = 0`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}
