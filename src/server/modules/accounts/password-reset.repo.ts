import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { passwordResetTokens, sessions, users } from '../../db/schema/index.ts';

/** Password reset SQL (docs/product/roles-and-accounts.md): tokens stored as hashes, single use, one hour. */

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<{ id: string; name: string; email: string } | null> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return rows[0] ?? null;
}

/** How many reset tokens the user was given since `since` (a quiet per-account throttle). */
export async function countRecentTokens(db: Queryable, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertToken(
  db: Queryable,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<string> {
  const [row] = await db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash, expiresAt })
    .returning({ id: passwordResetTokens.id });
  if (!row) throw new Error('insert into password_reset_tokens returned no row');
  return row.id;
}

const usable = (tokenHash: string) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, sql`now()`),
  );

/** Whether a token could be used now (no write; the real check is `consumeToken`). */
export async function isUsable(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(usable(tokenHash));
  return rows.length > 0;
}

/**
 * Use the token: one conditional UPDATE, so of two requests presenting it at once only one gets the
 * user id back. Null when it is unknown, used or expired.
 */
export async function consumeToken(db: Queryable, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return rows[0]?.userId ?? null;
}

/** After a reset: the user's other outstanding links stop working too. */
export async function retireTokens(db: Queryable, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function setPassword(db: Queryable, userId: string, passwordHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function deleteAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
