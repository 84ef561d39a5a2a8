import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';

/** The uploads table: who sent which stored file, for files that are only usable by their owner. */

export type UploadRecord = { key: string; contentType: string; size: number };

export async function recordUploads(
  db: Queryable,
  ownerId: string,
  kind: string,
  files: readonly UploadRecord[],
): Promise<void> {
  if (files.length === 0) return;
  await db
    .insert(uploads)
    .values(
      files.map((f) => ({ ownerId, kind, storageKey: f.key, contentType: f.contentType, size: f.size })),
    );
}

/** Of `keys`, the uploads of `kind` that `ownerId` sent, with their content type. */
export async function ownedUploads(
  db: Queryable,
  ownerId: string,
  kind: string,
  keys: readonly string[],
): Promise<{ key: string; contentType: string }[]> {
  if (keys.length === 0) return [];
  return db
    .select({ key: uploads.storageKey, contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), eq(uploads.kind, kind), inArray(uploads.storageKey, [...keys])));
}
