import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { categoryMarkups } from '../../db/schema/index.ts';

/** SQL for category markups (docs/product/catalog.md#markups): one row per top-level category. */

const columns = {
  id: categoryMarkups.id,
  uniqueCategoryName: categoryMarkups.uniqueCategoryName,
  percentageMarkup: categoryMarkups.percentageMarkup,
};

export type MarkupRow = { id: string; uniqueCategoryName: string; percentageMarkup: string };

export async function listMarkups(db: Queryable): Promise<MarkupRow[]> {
  return db.select(columns).from(categoryMarkups).orderBy(asc(categoryMarkups.uniqueCategoryName));
}

export async function markupById(db: Queryable, id: string): Promise<MarkupRow | null> {
  const [row] = await db.select(columns).from(categoryMarkups).where(eq(categoryMarkups.id, id));
  return row ?? null;
}

/** By top-level category name, case-insensitively ('fashion & accessories' finds 'Fashion & Accessories'). */
export async function markupByName(db: Queryable, mainCategory: string): Promise<MarkupRow | null> {
  const [row] = await db
    .select(columns)
    .from(categoryMarkups)
    .where(sql`lower(${categoryMarkups.uniqueCategoryName}) = lower(${mainCategory.trim()})`);
  return row ?? null;
}

/** Sets the percentage (a decimal string); null when no such markup. */
export async function updateMarkup(
  db: Queryable,
  id: string,
  percentageMarkup: string,
): Promise<MarkupRow | null> {
  const [row] = await db
    .update(categoryMarkups)
    .set({ percentageMarkup, updatedAt: sql`now()` })
    .where(eq(categoryMarkups.id, id))
    .returning(columns);
  return row ?? null;
}
