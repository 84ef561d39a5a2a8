import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { TABLE_PAGE_SIZE } from '#shared/schemas/product.ts';
import type { Queryable } from '../../db/client.ts';
import {
  categories,
  categoryMarkups,
  productImages,
  products,
  reviewImages,
  reviews,
  shops,
} from '../../db/schema/index.ts';
import { categoryLevels } from './category.repo.ts';
import { bySeller, imageUrls, newestFirst } from './product.repo.ts';

/**
 * SQL for the seller's and Admin's side of the catalog (docs/product/orders-and-checkout.md#checkout-flow product creation and edit, docs/product/roles-and-accounts.md#permissions). Every
 * query that touches an existing product takes `ownerId`: the seller's id, which scopes the query to
 * their own products, or null for Admin. A seller's scope is never optional: callers pass one or the other.
 */

export type Scope = { ownerId: string | null };

const inScope = (id: string, { ownerId }: Scope): SQL | undefined =>
  ownerId === null ? eq(products.id, id) : and(eq(products.id, id), eq(products.userId, ownerId));

export type CategoryPathRow = {
  id: string;
  category: string;
  subCategory: string;
  levelThreeCategory: string | null;
  levelFourCategory: string | null;
  levelFiveCategory: string | null;
};

export async function categoryPath(db: Queryable, id: string): Promise<CategoryPathRow | null> {
  const rows = await db
    .select({ id: categories.id, ...categoryLevels })
    .from(categories)
    .where(eq(categories.id, id));
  return rows[0] ?? null;
}

/** The markup of a top-level category (NUMERIC text), or null when it has none. */
export async function markupOfTopLevel(db: Queryable, topLevel: string): Promise<string | null> {
  const rows = await db
    .select({ percentageMarkup: categoryMarkups.percentageMarkup })
    .from(categoryMarkups)
    .where(eq(categoryMarkups.uniqueCategoryName, topLevel));
  return rows[0]?.percentageMarkup ?? null;
}

export async function shopIdOf(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.select({ id: shops.id }).from(shops).where(eq(shops.userId, userId));
  return rows[0]?.id ?? null;
}

/** Columns the database derives from the variants and the discount; the app never writes them. */
type DerivedColumn =
  | 'countInStock'
  | 'sizes'
  | 'colours'
  | 'availableSizes'
  | 'availableColours'
  | 'listPrice'
  | 'salePrice'
  | 'discountPercent';

export type NewProduct = Omit<typeof products.$inferInsert, DerivedColumn>;

/** Inserts the products row; its variants follow in the same transaction (`insertVariants`). */
export async function insertProduct(db: Queryable, values: NewProduct): Promise<string> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('insertProduct: no row returned');
  return row.id;
}

export type EditableProduct = {
  id: string;
  userId: string;
  name: string;
  brand: string;
  currency: string;
  price: string;
  categoryId: string;
  sizes: string[];
  /** Whether the lock applies is `isProductLocked` of these two (src/shared/product-lock.ts). */
  createdAt: Date;
  updatedAt: Date;
  image: string[];
  status: boolean;
};

/** The product for an edit, locked for the rest of the transaction; null when unknown or out of scope. */
export async function lockForEdit(db: Queryable, id: string, scope: Scope): Promise<EditableProduct | null> {
  const rows = await db
    .select({
      id: products.id,
      userId: products.userId,
      name: products.name,
      brand: products.brand,
      currency: products.currency,
      price: products.price,
      categoryId: products.categoryId,
      sizes: products.sizes,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      image: imageUrls,
      status: products.status,
    })
    .from(products)
    .where(inScope(id, scope))
    .for('update');
  return rows[0] ?? null;
}

/** Price and owner of a product in scope (discounts), locked for the transaction. */
export async function lockPriceOf(
  db: Queryable,
  id: string,
  scope: Scope,
): Promise<{ id: string; price: string } | null> {
  const rows = await db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(inScope(id, scope))
    .for('update');
  return rows[0] ?? null;
}

/**
 * What an edit may set. Stock and sizes are not here: they are derived from the variants by the database
 * (docs/decisions/0102-product-variants.md), which the caller writes with `saveVariants`.
 */
export type ProductUpdate = Partial<
  Pick<
    typeof products.$inferInsert,
    | 'name'
    | 'brand'
    | 'currency'
    | 'price'
    | 'categoryId'
    | 'description'
    | 'sizeChartId'
    | 'percentageMarkup'
    | 'status'
  >
>;

/**
 * Save an edit. `updated_at` moves on every edit (it is what locks name, currency, brand, images and
 * category afterwards), by at least a millisecond so the lock reads the same at the API's precision;
 * status toggles and rating updates leave it alone, and so does the update that completes a draft
 * (`startsLock: false`, see src/shared/product-lock.ts).
 */
export async function updateProduct(
  db: Queryable,
  id: string,
  set: ProductUpdate,
  { startsLock = true }: { startsLock?: boolean } = {},
): Promise<void> {
  const updatedAt = startsLock
    ? sql`greatest(now(), ${products.createdAt} + interval '1 millisecond')`
    : sql`${products.createdAt}`;
  await db
    .update(products)
    .set({ ...set, updatedAt })
    .where(eq(products.id, id));
}

export async function replaceImages(
  db: Queryable,
  productId: string,
  urls: readonly string[],
): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (urls.length > 0)
    await db.insert(productImages).values(urls.map((url, position) => ({ productId, url, position })));
}

/** Flip Active/Inactive; the new status, or null when the product is unknown or out of scope. */
export async function toggleStatus(db: Queryable, id: string, scope: Scope): Promise<boolean | null> {
  const rows = await db
    .update(products)
    .set({ status: sql`not ${products.status}` })
    .where(inScope(id, scope))
    .returning({ status: products.status });
  return rows[0]?.status ?? null;
}

/**
 * Delete a product (its images, variants, reviews and discount go with it); the URLs of its images and of its
 * reviews' photos, whose files the caller removes, or null when unknown.
 */
export async function deleteProduct(db: Queryable, id: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const images = await tx
      .select({ url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position));
    // Review photos go with the product's reviews (ON DELETE CASCADE); their files must go too.
    const reviewPhotos = await tx
      .select({ url: reviewImages.url })
      .from(reviewImages)
      .innerJoin(reviews, eq(reviews.id, reviewImages.reviewId))
      .where(eq(reviews.productId, id));
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    return deleted.length === 0 ? null : [...images, ...reviewPhotos].map((i) => i.url);
  });
}

/** The owner and images of a product in scope, for uploads; null when unknown or out of scope. */
export async function uploadTarget(
  db: Queryable,
  id: string,
  scope: Scope,
): Promise<{ id: string; createdAt: Date; updatedAt: Date } | null> {
  const rows = await db
    .select({ id: products.id, createdAt: products.createdAt, updatedAt: products.updatedAt })
    .from(products)
    .where(inScope(id, scope));
  return rows[0] ?? null;
}

/**
 * One page of a product table (any status), newest first, and the number of rows. Seller tables use
 * products_user_idx; the admin table products_created_idx.
 */
export async function tableIds(
  db: Queryable,
  where: SQL | undefined,
  page: number,
): Promise<{ ids: string[]; total: number }> {
  const [count, rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
    db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...newestFirst)
      .limit(TABLE_PAGE_SIZE)
      .offset((page - 1) * TABLE_PAGE_SIZE),
  ]);
  return { ids: rows.map((r) => r.id), total: count[0]?.n ?? 0 };
}

/** A seller's products, for the product tables: the storefront's `bySeller` filter. */
export const ofSeller = bySeller;
