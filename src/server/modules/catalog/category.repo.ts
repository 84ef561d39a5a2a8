import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CategoryIdQuery, CategoryRecord } from '#shared/schemas/category.ts';
import type { Queryable } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';

/**
 * SQL for the category tree (docs/product/catalog.md#categories; ADR 0032: one row per leaf path). The
 * table is small (hundreds of rows), so these are plain queries; level lists are DISTINCT, non-null and
 * sorted.
 */

/**
 * The five levels of a category row, top first, as select columns under their wire names. Category
 * records, a product's category path and the product cards all select them.
 */
export const categoryLevels = {
  category: categories.category,
  subCategory: categories.subCategory,
  levelThreeCategory: categories.levelThreeCategory,
  levelFourCategory: categories.levelFourCategory,
  levelFiveCategory: categories.levelFiveCategory,
};

const recordColumns = { _id: categories.id, ...categoryLevels };

/** Tree order of category rows; the id breaks ties. */
const treeOrder = [asc(categories.category), asc(categories.subCategory), asc(categories.id)];

export async function recordsById(db: Queryable, categoryId: string): Promise<CategoryRecord[]> {
  return db.select(recordColumns).from(categories).where(eq(categories.id, categoryId));
}

export async function hsnTaxById(
  db: Queryable,
  categoryId: string,
): Promise<{ hsn: string; tax: string } | null> {
  const rows = await db
    .select({ hsn: categories.hsn, tax: categories.tax })
    .from(categories)
    .where(eq(categories.id, categoryId));
  return rows[0] ?? null;
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
 * The names of one level, asked for by its parent, then its grandparent:
 * - second level: `first` = level 1 (category)
 * - third level:  `second` = level 2 (subCategory), `first` = level 1 (category)
 * - fourth level: `third` = level 3, `second` = level 2
 * - fifth level:  `fourth` = level 4, `third` = level 3
 */
export const levelNames = {
  first: (db: Queryable) => distinctNames(db, categories.category),
  second: (db: Queryable, p: { first: string }) =>
    distinctNames(db, categories.subCategory, eq(categories.category, p.first)),
  third: (db: Queryable, p: { second: string; first: string }) =>
    distinctNames(
      db,
      categories.levelThreeCategory,
      and(eq(categories.subCategory, p.second), eq(categories.category, p.first)),
    ),
  fourth: (db: Queryable, p: { third: string; second: string }) =>
    distinctNames(
      db,
      categories.levelFourCategory,
      and(eq(categories.levelThreeCategory, p.third), eq(categories.subCategory, p.second)),
    ),
  fifth: (db: Queryable, p: { fourth: string; third: string }) =>
    distinctNames(
      db,
      categories.levelFiveCategory,
      and(eq(categories.levelFourCategory, p.fourth), eq(categories.levelThreeCategory, p.third)),
    ),
};

const levelIs = (column: PgColumn, value: string | null) =>
  value === null ? isNull(column) : eq(column, value);

/** The id of the row with exactly these levels (missing levels are empty), or null. */
export async function idOfLevels(db: Queryable, q: CategoryIdQuery): Promise<string | null> {
  const rows = await db
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
  return rows[0]?.id ?? null;
}

/** Names compare case-insensitively with dashes read as spaces, on both sides ("t-shirts" = "T-Shirts"). */
const normalizedName = (expr: SQL | PgColumn | string) => sql`lower(replace(${expr}, '-', ' '))`;

/** Ids of every category row where any level has that name, in tree order. */
export async function idsNamed(db: Queryable, name: string): Promise<string[]> {
  const wanted = normalizedName(name);
  const level = (column: PgColumn) => sql`${normalizedName(column)} = ${wanted}`;
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      sql`(${level(categories.category)} or ${level(categories.subCategory)} or ${level(categories.levelThreeCategory)}
        or ${level(categories.levelFourCategory)} or ${level(categories.levelFiveCategory)})`,
    )
    .orderBy(...treeOrder);
  return rows.map((r) => r.id);
}

/**
 * Ids of the category rows holding this run of level names, one level after the other, the last name
 * deepest (from the top, as in 'Fashion & Accessories › Men Clothes › Ethnic Wear', or from any level, as
 * in 'Men Clothes › Ethnic Wear'); names compare as in `idsNamed`. 'Men Clothes › Ethnic Wear' is not
 * 'Women Clothes › Ethnic Wear'.
 */
export async function idsAtPath(db: Queryable, path: readonly string[]): Promise<string[]> {
  const columns: PgColumn[] = Object.values(categoryLevels);
  if (path.length === 0 || path.length > columns.length) return [];
  const runAt = (start: number) =>
    and(
      ...path.map(
        (name, i) => sql`${normalizedName(columns[start + i] as PgColumn)} = ${normalizedName(name)}`,
      ),
    );
  const starts = Array.from({ length: columns.length - path.length + 1 }, (_, start) => start);
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(or(...starts.map(runAt)))
    .orderBy(...treeOrder);
  return rows.map((r) => r.id);
}
