import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { CategoryIdQuery, CategoryRecord } from '#shared/schemas/category.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/types.ts';
import { isUuid } from './product.service.ts';

/**
 * The category tree (SPEC §3 "Category record"; ADR 0000: one row per leaf path). The table is small
 * (hundreds of rows), so these are plain queries; level lists are DISTINCT, non-null and sorted.
 */

const CATEGORY_NOT_FOUND = 'Category not found';

const recordColumns = {
  _id: categories.id,
  category: categories.category,
  subCategory: categories.subCategory,
  levelThreeCategory: categories.levelThreeCategory,
  levelFourCategory: categories.levelFourCategory,
  levelFiveCategory: categories.levelFiveCategory,
};

/** GET /api/category/getcategories/:categoryId → the record, as a one-item list (SPEC: "list of category records"). */
export async function categoryRecords(ctx: Ctx, categoryId: string): Promise<CategoryRecord[]> {
  if (!isUuid(categoryId)) throw notFound(CATEGORY_NOT_FOUND);
  const rows = await ctx.db.select(recordColumns).from(categories).where(eq(categories.id, categoryId));
  if (rows.length === 0) throw notFound(CATEGORY_NOT_FOUND);
  return rows;
}

/** GET /api/category/hsn-tax/:categoryId. */
export async function hsnTax(ctx: Ctx, categoryId: string): Promise<{ hsn: string; tax: number }> {
  if (!isUuid(categoryId)) throw notFound(CATEGORY_NOT_FOUND);
  const rows = await ctx.db
    .select({ hsn: categories.hsn, tax: categories.tax })
    .from(categories)
    .where(eq(categories.id, categoryId));
  const row = rows[0];
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return { hsn: row.hsn, tax: Number(row.tax) };
}

async function distinctNames(db: Queryable, column: PgColumn, where?: SQL): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: sql<string>`${column}` })
    .from(categories)
    .where(and(isNotNull(column), where))
    .orderBy(asc(column));
  return rows.map((r) => r.name);
}

/**
 * Level lists (SPEC §7: /firstlevel; /secondlevel/{x}; /thirdlevel/{x}/{main}; /fourthlevel/{x}/{y};
 * /fifthlevel/{x}/{y}). Each level is asked for by its parent, then its grandparent:
 * - second level: `first` = level 1 (category)
 * - third level:  `second` = level 2 (subCategory), `first` = level 1 (category)
 * - fourth level: `third` = level 3, `second` = level 2
 * - fifth level:  `fourth` = level 4, `third` = level 3
 */
export const levels = {
  first: (ctx: Ctx) => distinctNames(ctx.db, categories.category),
  second: (ctx: Ctx, p: { first: string }) =>
    distinctNames(ctx.db, categories.subCategory, eq(categories.category, p.first)),
  third: (ctx: Ctx, p: { second: string; first: string }) =>
    distinctNames(
      ctx.db,
      categories.levelThreeCategory,
      and(eq(categories.subCategory, p.second), eq(categories.category, p.first)),
    ),
  fourth: (ctx: Ctx, p: { third: string; second: string }) =>
    distinctNames(
      ctx.db,
      categories.levelFourCategory,
      and(eq(categories.levelThreeCategory, p.third), eq(categories.subCategory, p.second)),
    ),
  fifth: (ctx: Ctx, p: { fourth: string; third: string }) =>
    distinctNames(
      ctx.db,
      categories.levelFiveCategory,
      and(eq(categories.levelFourCategory, p.fourth), eq(categories.levelThreeCategory, p.third)),
    ),
};

const levelIs = (column: PgColumn, value: string | null) =>
  value === null ? isNull(column) : eq(column, value);

/** GET /api/category/getcategoryid: the row with exactly these levels (missing levels are empty). */
export async function categoryIdOf(ctx: Ctx, q: CategoryIdQuery): Promise<{ categoryId: string }> {
  const rows = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.category, q.category),
        eq(categories.subCategory, q.subCategory),
        levelIs(categories.levelThreeCategory, q.levelThreeCategory),
        levelIs(categories.levelFourCategory, q.levelFourCategory),
        levelIs(categories.levelFiveCategory, q.levelFiveCategory),
      ),
    );
  const row = rows[0];
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return { categoryId: row.id };
}

/** Names compare case-insensitively with dashes read as spaces, on both sides ("t-shirts" = "T-Shirts"). */
const normalizedName = (expr: SQL | PgColumn) => sql`lower(replace(${expr}, '-', ' '))`;

/**
 * GET /api/category/:name → ids of every category row where any level has that name (the category page,
 * SPEC §2: "dashes in the name read as spaces", so 'men-clothes' finds 'Men Clothes'). An unknown name
 * gives an empty list: the page then shows no products rather than an error.
 */
export async function categoryIdsNamed(ctx: Ctx, name: string): Promise<{ categoryIDs: string[] }> {
  const wanted = sql`lower(replace(${name}, '-', ' '))`;
  const level = (column: PgColumn) => sql`${normalizedName(column)} = ${wanted}`;
  const rows = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(
      sql`(${level(categories.category)} or ${level(categories.subCategory)} or ${level(categories.levelThreeCategory)}
        or ${level(categories.levelFourCategory)} or ${level(categories.levelFiveCategory)})`,
    )
    .orderBy(asc(categories.category), asc(categories.subCategory), asc(categories.id));
  return { categoryIDs: rows.map((r) => r.id) };
}
