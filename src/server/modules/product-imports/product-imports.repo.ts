import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ExportProduct, ImportCategory, RowError } from '#shared/product-csv.ts';
import type { Database, Queryable } from '../../db/client.ts';
import {
  categories,
  categoryMarkups,
  productImages,
  productImports,
  productVariants,
  products,
  shops,
} from '../../db/schema/index.ts';

/**
 * SQL of bulk listing (docs/decisions/0107-bulk-listing.md): the import rows, and the set-based reads and
 * writes of a seller's products that one import does in a handful of statements. Every product query
 * carries the seller's id.
 */

export type ImportRow = typeof productImports.$inferSelect;

export async function insertImport(
  db: Queryable,
  values: typeof productImports.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(productImports).values(values).returning({ id: productImports.id });
  if (!row) throw new Error('insertImport: no row returned');
  return row.id;
}

export async function findImport(db: Queryable, id: string, sellerId: string): Promise<ImportRow | null> {
  const rows = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.id, id), eq(productImports.sellerId, sellerId)));
  return rows[0] ?? null;
}

export async function recentImports(db: Queryable, sellerId: string, limit: number): Promise<ImportRow[]> {
  return db
    .select()
    .from(productImports)
    .where(eq(productImports.sellerId, sellerId))
    .orderBy(desc(productImports.createdAt))
    .limit(limit);
}

/** Start (or, after a crashed attempt, restart) an import; null once it has finished. */
export async function claimImport(db: Queryable, id: string): Promise<ImportRow | null> {
  const rows = await db
    .update(productImports)
    .set({ status: 'running', processedRows: 0, updatedAt: sql`now()` })
    .where(and(eq(productImports.id, id), inArray(productImports.status, ['queued', 'running'])))
    .returning();
  return rows[0] ?? null;
}

export async function setProgress(db: Queryable, id: string, processedRows: number, totalRows: number) {
  await db
    .update(productImports)
    .set({ processedRows, totalRows, updatedAt: sql`now()` })
    .where(and(eq(productImports.id, id), eq(productImports.status, 'running')));
}

/** Finish a running import; false when it was not running (finished by another attempt). */
export async function finishImport(
  db: Queryable,
  id: string,
  values: {
    status: 'done' | 'failed';
    errors: RowError[];
    result: Record<string, number> | null;
    processedRows: number;
  },
): Promise<boolean> {
  const rows = await db
    .update(productImports)
    .set({ ...values, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(productImports.id, id), eq(productImports.status, 'running')))
    .returning({ id: productImports.id });
  return rows.length > 0;
}

export async function allCategories(db: Queryable): Promise<ImportCategory[]> {
  return db
    .select({
      id: categories.id,
      category: categories.category,
      subCategory: categories.subCategory,
      levelThreeCategory: categories.levelThreeCategory,
      levelFourCategory: categories.levelFourCategory,
      levelFiveCategory: categories.levelFiveCategory,
    })
    .from(categories);
}

/**
 * The seller's products (all of them, or those of `ids`) with their category path, images and variants in
 * display order, oldest product first.
 */
export async function sellerCatalogue(
  db: Queryable,
  sellerId: string,
  ids?: readonly string[],
): Promise<ExportProduct[]> {
  if (ids && ids.length === 0) return [];
  const where = ids
    ? and(eq(products.userId, sellerId), inArray(products.id, [...ids]))
    : eq(products.userId, sellerId);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      currency: products.currency,
      price: products.price,
      description: products.description,
      categoryId: products.categoryId,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      categoryPath: sql<string>`concat_ws(' > ', ${categories.category}, ${categories.subCategory},
        ${categories.levelThreeCategory}, ${categories.levelFourCategory}, ${categories.levelFiveCategory})`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(products.createdAt), asc(products.id));
  const found = rows.map((r) => r.id);
  if (found.length === 0) return [];
  const [images, variants] = await Promise.all([
    db
      .select({ productId: productImages.productId, url: productImages.url })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(where)
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.createdAt)),
    db
      .select({
        productId: productVariants.productId,
        id: productVariants.id,
        size: productVariants.size,
        colour: productVariants.colour,
        sku: productVariants.sku,
        countInStock: productVariants.countInStock,
        price: productVariants.price,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where)
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.createdAt)),
  ]);
  const byId = new Map<string, ExportProduct>(rows.map((r) => [r.id, { ...r, image: [], variants: [] }]));
  for (const i of images) byId.get(i.productId)?.image.push(i.url);
  for (const { productId, ...v } of variants) byId.get(productId)?.variants.push(v);
  return [...byId.values()];
}

/** Those of `urls` that are images of the seller's products. */
export async function ownedImageUrls(
  db: Queryable,
  sellerId: string,
  urls: readonly string[],
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ url: productImages.url })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(eq(products.userId, sellerId), inArray(productImages.url, [...urls])));
  return new Set(rows.map((r) => r.url));
}

export async function shopIdOf(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.select({ id: shops.id }).from(shops).where(eq(shops.userId, userId));
  return rows[0]?.id ?? null;
}

/** Markups by top-level category name (NUMERIC text). */
export async function markups(db: Queryable): Promise<Map<string, string>> {
  const rows = await db
    .select({ name: categoryMarkups.uniqueCategoryName, markup: categoryMarkups.percentageMarkup })
    .from(categoryMarkups);
  return new Map(rows.map((r) => [r.name, r.markup]));
}

/**
 * Lock the seller's products of `ids` for the transaction, in id order like every other writer (orders,
 * docs/decisions/0102-*), so two writers never wait on each other crosswise; their updated_at by id.
 */
export async function lockProducts(
  db: Queryable,
  sellerId: string,
  ids: readonly string[],
): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.userId, sellerId), inArray(products.id, [...ids])))
    .orderBy(asc(products.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.updatedAt]));
}

const CHUNK = 1000;
function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export type NewProduct = Pick<
  typeof products.$inferInsert,
  | 'id'
  | 'userId'
  | 'shopId'
  | 'name'
  | 'brand'
  | 'price'
  | 'currency'
  | 'categoryId'
  | 'description'
  | 'percentageMarkup'
>;

/** New products, many per statement (their derived columns come from their variants' triggers). */
export async function insertProducts(
  db: Queryable,
  rows: readonly NewProduct[],
  onChunk?: (n: number) => Promise<void>,
): Promise<void> {
  for (const chunk of chunks(rows, 500)) {
    await db.insert(products).values(chunk.map((r) => ({ ...r, status: true })));
    await onChunk?.(chunk.length);
  }
}

export async function insertImages(
  db: Queryable,
  rows: readonly { productId: string; url: string; position: number }[],
): Promise<void> {
  for (const chunk of chunks(rows)) await db.insert(productImages).values(chunk);
}

export async function deleteImagesOf(db: Queryable, productIds: readonly string[]): Promise<void> {
  for (const chunk of chunks(productIds))
    await db.delete(productImages).where(inArray(productImages.productId, chunk));
}

export type VariantWrite = {
  productId: string;
  size: string;
  colour: string | null;
  sku: string;
  countInStock: number;
  price: string | null;
  position: number;
};

/** Variants of many products per statement, like catalog's insertVariants does for one. */
export async function insertVariantRows(
  db: Queryable,
  rows: readonly VariantWrite[],
  onChunk?: (n: number) => Promise<void>,
): Promise<void> {
  for (const chunk of chunks(rows)) {
    await db.insert(productVariants).values(chunk);
    await onChunk?.(chunk.length);
  }
}

/**
 * Stored variants' new size spelling, colour, SKU, stock and price, many per statement. A null stock keeps
 * the variant's stock as it is when the statement runs.
 */
export async function updateVariantRows(
  db: Queryable,
  rows: readonly {
    id: string;
    size: string;
    colour: string | null;
    sku: string;
    countInStock: number | null;
    price: string | null;
  }[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    const values = sql.join(
      chunk.map(
        (v) =>
          sql`(${v.id}::uuid, ${v.size}::text, ${v.colour}::text, ${v.sku}::text, ${v.countInStock}::int, ${v.price}::numeric)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      update product_variants v
      set size = x.size, colour = x.colour, sku = x.sku,
          count_in_stock = coalesce(x.stock, v.count_in_stock), price = x.price,
          updated_at = now()
      from (values ${values}) as x(id, size, colour, sku, stock, price)
      where v.id = x.id`);
  }
}

/** Highest variant position of each product. */
export async function lastPositions(
  db: Queryable,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productVariants.productId,
      last: sql<number>`max(${productVariants.position})::int`,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .groupBy(productVariants.productId);
  return new Map(rows.map((r) => [r.productId, r.last]));
}

export type ProductEdit = {
  id: string;
  name: string;
  brand: string;
  price: string;
  description: string;
  categoryId: string;
  percentageMarkup: string | null;
  /** A draft's first images: shown from now on, and not yet the locking edit. */
  completesDraft: boolean;
};

/** Save edits of existing products; each moves updated_at like an edit in the form (the edit lock). */
export async function updateProducts(
  db: Queryable,
  sellerId: string,
  edits: readonly ProductEdit[],
): Promise<void> {
  for (const e of edits) {
    await db
      .update(products)
      .set({
        name: e.name,
        brand: e.brand,
        price: e.price,
        description: e.description,
        categoryId: e.categoryId,
        ...(e.percentageMarkup !== null && { percentageMarkup: e.percentageMarkup }),
        ...(e.completesDraft && { status: true }),
        updatedAt: e.completesDraft
          ? sql`${products.createdAt}`
          : sql`greatest(now(), ${products.createdAt} + interval '1 millisecond')`,
      })
      .where(and(eq(products.id, e.id), eq(products.userId, sellerId)));
  }
}

/** The database handle the job keeps progress on (outside the write transaction). */
export type ProgressDb = Database;
