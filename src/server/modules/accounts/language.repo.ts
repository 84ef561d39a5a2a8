import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The language a user chose (ADR 0135), or null. */
export async function findUserLanguage(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db
    .select({ language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return rows[0]?.language ?? null;
}

export async function setUserLanguage(db: Queryable, userId: string, language: string): Promise<void> {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
