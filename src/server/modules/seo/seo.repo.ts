import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { categories, products } from '../../db/schema/index.ts';

/** SQL for sitemap.xml (docs/decisions/0127-page-weight-images-seo.md): active products and their categories. */

const active = eq(products.status, true);

export type ProductFileRow = { first: string; lastmod: Date; urls: number };

/** Below every uuid: where the walk over the active ids starts. */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * One product sitemap file by keyset: the first `perFile` active products from id `from` (inclusive), in
 * id order, summed up (its first id, newest change and size), and `next`, the id of the active product
 * right after them (the next file's first), or null when none is left. One range scan of the primary key
 * that stops after `perFile + 1` rows, so each step costs the same wherever it starts and stays far inside
 * the statement timeout, which one window over every active product does not at a million products.
 */
export async function productFileFrom(
  db: Queryable,
  from: string,
  perFile: number,
): Promise<(ProductFileRow & { next: string | null }) | null> {
  const rows = await db.execute<{
    first: string | null;
    lastmod: Date | string | null;
    urls: number;
    next: string | null;
  }>(sql`
    select min(f.id::text) filter (where f.n <= ${perFile}) as first,
           max(f.updated_at) filter (where f.n <= ${perFile}) as lastmod,
           (count(*) filter (where f.n <= ${perFile}))::int as urls,
           max(f.id::text) filter (where f.n > ${perFile}) as next
    from (
      select ${products.id} as id, ${products.updatedAt} as updated_at,
             row_number() over (order by ${products.id}) as n
      from ${products}
      where ${products.status} and ${products.id} >= ${from}::uuid
      order by ${products.id}
      limit ${perFile + 1}
    ) f`);
  // uuid order is byte order, which is the order of their lower-case text: min(text) is the first id.
  const row = rows.rows[0];
  if (!row?.first || !row.lastmod) return null;
  return { first: row.first, lastmod: new Date(row.lastmod), urls: row.urls, next: row.next };
}

/**
 * The product sitemap files: active products in id order, cut every `perFile` rows; each file named by its
 * first id, with the newest change among its products. One keyset step per file (productFileFrom), each
 * its own statement: a few dozen at a million products, and never the ids themselves in memory.
 */
export async function productFiles(db: Queryable, perFile: number): Promise<ProductFileRow[]> {
  const files: ProductFileRow[] = [];
  let from: string | null = NO_ID;
  while (from) {
    const file = await productFileFrom(db, from, perFile);
    if (!file) break;
    files.push({ first: file.first, lastmod: file.lastmod, urls: file.urls });
    from = file.next;
  }
  return files;
}

export type ProductUrlRow = { id: string; updatedAt: Date };

/**
 * Up to `limit` active products from id `from` (inclusive) or after id `after` (exclusive), and before id
 * `before` (exclusive) when given, in id order.
 */
export async function productBatch(
  db: Queryable,
  bound: { from: string } | { after: string },
  before: string | null,
  limit: number,
): Promise<ProductUrlRow[]> {
  const start = 'from' in bound ? gte(products.id, bound.from) : gt(products.id, bound.after);
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(active, start, before ? lt(products.id, before) : undefined))
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
