import type { CategoryIdQuery, CategoryRecord } from '#shared/schemas/category.ts';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/types.ts';
import * as repo from './category.repo.ts';

/**
 * The category tree (docs/product/catalog.md#categories; ADR 0032: one row per leaf path); the SQL is in
 * category.repo.ts.
 */

const CATEGORY_NOT_FOUND = 'Category not found';

/** GET /api/category/getcategories/:categoryId → the record, as a one-item list (SPEC: "list of category records"). */
export async function categoryRecords(ctx: Ctx, categoryId: string): Promise<CategoryRecord[]> {
  const rows = await repo.recordsById(ctx.db, categoryId);
  if (rows.length === 0) throw notFound(CATEGORY_NOT_FOUND);
  return rows;
}

/** GET /api/category/hsn-tax/:categoryId. */
export async function hsnTax(ctx: Ctx, categoryId: string): Promise<{ hsn: string; tax: number }> {
  const row = await repo.hsnTaxById(ctx.db, categoryId);
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return { hsn: row.hsn, tax: Number(row.tax) };
}

/**
 * Level lists (docs/product/api.md#catalog: /firstlevel; /secondlevel/{x}; /thirdlevel/{x}/{main};
 * /fourthlevel/{x}/{y}; /fifthlevel/{x}/{y}). Each level is asked for by its parent, then its grandparent
 * (see `repo.levelNames`).
 */
export const levels = {
  first: (ctx: Ctx) => repo.levelNames.first(ctx.db),
  second: (ctx: Ctx, p: { first: string }) => repo.levelNames.second(ctx.db, p),
  third: (ctx: Ctx, p: { second: string; first: string }) => repo.levelNames.third(ctx.db, p),
  fourth: (ctx: Ctx, p: { third: string; second: string }) => repo.levelNames.fourth(ctx.db, p),
  fifth: (ctx: Ctx, p: { fourth: string; third: string }) => repo.levelNames.fifth(ctx.db, p),
};

/** GET /api/category/getcategoryid: the row with exactly these levels (missing levels are empty). */
export async function categoryIdOf(ctx: Ctx, q: CategoryIdQuery): Promise<{ categoryId: string }> {
  const id = await repo.idOfLevels(ctx.db, q);
  if (!id) throw notFound(CATEGORY_NOT_FOUND);
  return { categoryId: id };
}

/**
 * GET /api/category/:name → ids of every category row where any level has that name (the category page,
 * docs/product/screens.md: "dashes in the name read as spaces", so 'men-clothes' finds 'Men Clothes'). An unknown name
 * gives an empty list: the page then shows no products rather than an error.
 */
export async function categoryIdsNamed(
  ctx: Ctx,
  name: string,
  parents: readonly string[] = [],
): Promise<{ categoryIDs: string[] }> {
  if (parents.length > 0) return { categoryIDs: await repo.idsAtPath(ctx.db, [...parents, name]) };
  return { categoryIDs: await repo.idsNamed(ctx.db, name) };
}
