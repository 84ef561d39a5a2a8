import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  passwordResetTokens,
  products,
  roles,
  sessions,
  shops,
  uploads,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { roleNamesOf, toUserRecord, type UserRecord } from '../../db/user-record.ts';

/** User administration SQL (docs/product/screens.md Users table, Edit User; docs/product/api.md Users). Deleted users are never listed. */

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(
  db: Queryable,
  opts: { limit: number; offset: number; keyword?: string | undefined },
): Promise<{ records: UserRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (opts.keyword) {
    const pattern = likePattern(opts.keyword);
    conditions.push(or(sql`${users.name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`));
  }
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ user: users, roles: roleNamesOf, shop: shops })
      .from(users)
      .leftJoin(shops, eq(shops.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { records: rows.map(toUserRecord), total: totalRow?.n ?? 0 };
}

export async function findUsersByIds(
  db: Queryable,
  ids: readonly string[],
): Promise<{ id: string; name: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)))
    .orderBy(asc(users.email));
}

export async function listUsersWithRoleId(db: Queryable, roleId: string): Promise<UserRecord[]> {
  const rows = await db
    .select({ user: users, roles: roleNamesOf, shop: shops })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, roleId)))
    .leftJoin(shops, eq(shops.userId, users.id))
    .where(isNull(users.deletedAt))
    .orderBy(asc(users.email));
  return rows.map(toUserRecord);
}

export async function updateAdminFields(
  db: Queryable,
  id: string,
  fields: { name: string; email: string; active: boolean },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function setRoles(db: Queryable, userId: string, roleIds: readonly string[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/**
 * Changes that could remove the last active Admin take turns (a transaction-scoped advisory lock), so two
 * admins demoting each other at the same moment cannot both succeed.
 */
export async function lockAdminChanges(db: Queryable): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('haat:admin-changes'))`);
}

export async function countActiveAdmins(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, 'Admin'), eq(users.active, true), isNull(users.deletedAt)));
  return row?.n ?? 0;
}

/**
 * Whether anything others rely on points at the user: orders (as buyer), order lines and payouts (as
 * seller), products, reviews (product ratings are computed from them). Such a user is anonymised, not
 * deleted.
 */
export async function hasHistory(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.execute<{ history: boolean }>(sql`
    select exists (select 1 from orders where user_id = ${userId})
        or exists (select 1 from order_items where seller_id = ${userId})
        or exists (select 1 from seller_payments where seller_id = ${userId})
        or exists (select 1 from products where user_id = ${userId})
        or exists (select 1 from reviews where user_id = ${userId})
        or exists (select 1 from review_votes where user_id = ${userId}) as history`);
  return result.rows[0]?.history ?? true;
}

/** Remove the user for good; roles, sessions, tokens and shop go with it (ON DELETE CASCADE). */
export async function hardDelete(db: Queryable, userId: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.ownerId, userId));
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * Keep the row (orders, order lines and payouts point at it) but erase the person: name and e-mail
 * scrubbed, contact, bank and identity details cleared, documents detached, password unusable, signed
 * out everywhere; a seller's shop is closed and their products taken off sale. Order records keep their
 * own address snapshots, so orders stay intact.
 */
export async function anonymise(db: Queryable, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      name: 'Deleted user',
      email: sql`'deleted-' || ${users.id}::text || '@deleted.invalid'`,
      phone: '',
      address: '',
      state: '',
      city: '',
      postalCode: null,
      bankAccount: null,
      businessRegistrationCode: null,
      identifyProof: null,
      identifyProofNumber: null,
      verificationDocs: sql`'{}'::text[]`,
      // Not a hash any password can match (verifyPassword refuses anything but scrypt$…).
      passwordHash: '!deleted',
      active: false,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(uploads).where(and(eq(uploads.ownerId, userId), eq(uploads.kind, 'verification-doc')));
  await db
    .update(products)
    .set({ status: false, updatedAt: sql`now()` })
    .where(eq(products.userId, userId));
  await db.delete(shops).where(eq(shops.userId, userId));
}
