import { asc, eq, sql } from 'drizzle-orm';
import { MARKUP_MSG, type CategoryMarkup } from '#shared/schemas/category.ts';
import { categoryMarkups } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { isUuid } from './product.service.ts';

/**
 * Category markups (SPEC §3, §7; ADR 0000): the share the marketplace takes out of a seller's price, per
 * top-level category. Changing one never rewrites existing products: each copied its markup when created.
 */

const columns = {
  id: categoryMarkups.id,
  uniqueCategoryName: categoryMarkups.uniqueCategoryName,
  percentageMarkup: categoryMarkups.percentageMarkup,
};

type Row = { id: string; uniqueCategoryName: string; percentageMarkup: string };

const toWire = (r: Row): CategoryMarkup => ({
  _id: r.id,
  uniqueCategoryName: r.uniqueCategoryName,
  percentageMarkup: Number(r.percentageMarkup),
});

export async function listMarkups(ctx: AuthedCtx): Promise<CategoryMarkup[]> {
  const rows = await ctx.db
    .select(columns)
    .from(categoryMarkups)
    .orderBy(asc(categoryMarkups.uniqueCategoryName));
  return rows.map(toWire);
}

export async function getMarkup(ctx: AuthedCtx, id: string): Promise<CategoryMarkup> {
  if (!isUuid(id)) throw notFound(MARKUP_MSG.notFound);
  const [row] = await ctx.db.select(columns).from(categoryMarkups).where(eq(categoryMarkups.id, id));
  if (!row) throw notFound(MARKUP_MSG.notFound);
  return toWire(row);
}

/** By top-level category name, case-insensitively ('fashion & accessories' finds 'Fashion & Accessories'). */
export async function getMarkupByName(ctx: AuthedCtx, mainCategory: string): Promise<CategoryMarkup> {
  const [row] = await ctx.db
    .select(columns)
    .from(categoryMarkups)
    .where(sql`lower(${categoryMarkups.uniqueCategoryName}) = lower(${mainCategory.trim()})`);
  if (!row) throw notFound(MARKUP_MSG.notFound);
  return toWire(row);
}

/** PUT /api/category/categories-markup/:id (Admin only, by the route's guard). */
export async function updateMarkup(
  ctx: AuthedCtx,
  id: string,
  percentageMarkup: number,
): Promise<CategoryMarkup> {
  if (!isUuid(id)) throw notFound(MARKUP_MSG.notFound);
  const [row] = await ctx.db
    .update(categoryMarkups)
    .set({ percentageMarkup: percentageMarkup.toFixed(2), updatedAt: sql`now()` })
    .where(eq(categoryMarkups.id, id))
    .returning(columns);
  if (!row) throw notFound(MARKUP_MSG.notFound);
  return toWire(row);
}
