import { MARKUP_MSG, type CategoryMarkup } from '#shared/schemas/category.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import * as repo from './markup.repo.ts';

/**
 * Category markups (docs/product/catalog.md#markups; ADR 0033): the share the marketplace takes out of a
 * seller's price, per top-level category. Changing one never rewrites existing products: each copied its
 * markup when created.
 */

const toWire = (r: repo.MarkupRow): CategoryMarkup => ({
  _id: r.id,
  uniqueCategoryName: r.uniqueCategoryName,
  percentageMarkup: Number(r.percentageMarkup),
});

export async function listMarkups(ctx: AuthedCtx): Promise<CategoryMarkup[]> {
  return (await repo.listMarkups(ctx.db)).map(toWire);
}

export async function getMarkup(ctx: AuthedCtx, id: string): Promise<CategoryMarkup> {
  const row = await repo.markupById(ctx.db, id);
  if (!row) throw notFound(MARKUP_MSG.notFound);
  return toWire(row);
}

/** By top-level category name, case-insensitively ('fashion & accessories' finds 'Fashion & Accessories'). */
export async function getMarkupByName(ctx: AuthedCtx, mainCategory: string): Promise<CategoryMarkup> {
  const row = await repo.markupByName(ctx.db, mainCategory);
  if (!row) throw notFound(MARKUP_MSG.notFound);
  return toWire(row);
}

/** PUT /api/category/categories-markup/:id (Admin only, by the route's guard). */
export async function updateMarkup(
  ctx: AuthedCtx,
  id: string,
  percentageMarkup: number,
): Promise<CategoryMarkup> {
  const row = await repo.updateMarkup(ctx.db, id, percentageMarkup.toFixed(2));
  if (!row) throw notFound(MARKUP_MSG.notFound);
  return toWire(row);
}
