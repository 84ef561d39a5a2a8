import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { roles, sessions, userRoles, users } from '../../db/schema/index.ts';

/** Store a session by its token's hash (docs/product/roles-and-accounts.md). */
export async function insertSession(db: Queryable, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
}

/** The live session with this token hash and its (not deleted) user with role names; undefined otherwise. */
export async function findLiveSession(db: Queryable, tokenHash: string) {
  const rows = await db
    .select({
      sessionId: sessions.id,
      id: users.id,
      name: users.name,
      email: users.email,
      active: users.active,
      roles: sql<string[]>`coalesce(array_agg(${roles.name}) filter (where ${roles.name} is not null), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, sql`now()`),
        sql`${users.deletedAt} is null`,
      ),
    )
    .groupBy(sessions.id, users.id);
  return rows[0];
}
