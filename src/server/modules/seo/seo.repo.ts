import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';

/** SQL for sitemap.xml (docs/decisions/0127-page-weight-images-seo.md): active products and their categories. */

const active = eq(products.status, true);

export type ProductFileRow = { first: string; lastmod: Date; urls: number };

/**
 * The product sitemap files: active products in id order, cut every `perFile` rows; each file named by its
 * first id, with the newest change among its products. One pass over the active ids in primary-key order
 * that keeps only the per-file totals (a few dozen rows at a million products), never the ids themselves.
 */
export async function productFiles(db: Queryable, perFile: number): Promise<ProductFileRow[]> {
  const rows = await db.execute<{ first: string; lastmod: Date | string; urls: number }>(sql`
    select min(r.id::text) as first, max(r.updated_at) as lastmod, count(*)::int as urls
    from (
      select ${products.id} as id, ${products.updatedAt} as updated_at,
             (row_number() over (order by ${products.id}) - 1) / ${perFile} as file
      from ${products}
      where ${products.status}
    ) r
    group by r.file
    order by r.file`);
  // uuid order is byte order, which is the order of their lower-case text: min(text) is the first id.
  return rows.rows.map((r) => ({ first: r.first, lastmod: new Date(r.lastmod), urls: r.urls }));
}

export type ProductUrlRow = { id: string; updatedAt: Date };

/** Up to `limit` active products from id `from` (inclusive) or after id `after` (exclusive), in id order. */
export async function productBatch(
  db: Queryable,
  bound: { from: string } | { after: string },
  limit: number,
): Promise<ProductUrlRow[]> {
  const start = 'from' in bound ? gte(products.id, bound.from) : gt(products.id, bound.after);
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(active, start))
    .orderBy(asc(products.id))
    .limit(limit);
}

export type CategoryUrlRow = {
  levels: (string | null)[];
  /** When its newest active product was listed. */
  lastmod: Date;
};

/**
 * Every category path that holds an active product, with when its newest active product was listed (one
 * probe of products_active_category_created_idx per category row, so the cost follows the tree, not the
 * catalogue).
 */
export async function categoriesWithProducts(db: Queryable): Promise<CategoryUrlRow[]> {
  const rows = await db.execute<{
    category: string;
    sub_category: string;
    level_three_category: string | null;
    level_four_category: string | null;
    level_five_category: string | null;
    newest: Date | string;
  }>(sql`
    select c.category, c.sub_category, c.level_three_category, c.level_four_category,
           c.level_five_category, newest.created_at as newest
    from ${categories} c
    cross join lateral (
      select p.created_at from ${products} p
      where p.category_id = c.id and p.status
      order by p.created_at desc
      limit 1
    ) newest
    order by c.category, c.sub_category, c.level_three_category nulls first,
             c.level_four_category nulls first, c.level_five_category nulls first`);
  return rows.rows.map((r) => ({
    levels: [
      r.category,
      r.sub_category,
      r.level_three_category,
      r.level_four_category,
      r.level_five_category,
    ],
    lastmod: new Date(r.newest),
  }));
}
