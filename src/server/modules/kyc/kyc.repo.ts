import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { uploads, users } from '../../db/schema/index.ts';

/** KYC SQL: the storage keys of a seller's private documents (users.verification_docs) and their uploads rows. */

/**
 * Append documents to a user's list, only while the list stays within `max` — one conditional UPDATE, so
 * two uploads racing cannot together go over the limit. Returns the new count, or null when the user is
 * gone or the limit would be passed.
 */
export async function appendVerificationDocs(
  db: Queryable,
  userId: string,
  keys: readonly string[],
  max: number,
): Promise<number | null> {
  const rows = await db
    .update(users)
    .set({
      verificationDocs: sql`${users.verificationDocs} || ${sql.param([...keys])}::text[]`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.id, userId),
        isNull(users.deletedAt),
        sql`cardinality(${users.verificationDocs}) + ${keys.length} <= ${max}`,
      ),
    )
    .returning({ count: sql<number>`cardinality(${users.verificationDocs})` });
  return rows[0]?.count ?? null;
}

export async function recordUploads(
  db: Queryable,
  ownerId: string,
  files: readonly { key: string; contentType: string; size: number }[],
): Promise<void> {
  if (files.length === 0) return;
  await db.insert(uploads).values(
    files.map((f) => ({
      ownerId,
      kind: 'verification-doc',
      storageKey: f.key,
      contentType: f.contentType,
      size: f.size,
    })),
  );
}

/** The (not deleted) user holding this document, or null: only documents on file are ever signed. */
export async function findDocumentOwner(db: Queryable, key: string): Promise<string | null> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${key} = any(${users.verificationDocs})`, isNull(users.deletedAt)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** The storage key of a user's document by its position, or null. */
export async function findDocumentKey(db: Queryable, userId: string, index: number): Promise<string | null> {
  const rows = await db
    .select({ docs: users.verificationDocs })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return rows[0]?.docs[index] ?? null;
}
