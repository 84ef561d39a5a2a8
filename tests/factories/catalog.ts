import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { variantsFromSizes, type VariantInput } from '../../src/shared/variants.ts';
import { insertVariants } from '../../src/server/modules/catalog/variant.repo.ts';
import type { Queryable } from '../../src/server/db/client.ts';
import {
  categories,
  productDiscounts,
  productImages,
  products,
  shops,
} from '../../src/server/db/schema/index.ts';

/**
 * Catalog rows for tests, written straight to the database. Every field can be overridden; defaults make
 * unique, valid rows (an active INR product with one image in a fresh leaf category).
 */

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}-${randomBytes(3).toString('hex')}`;

export type CategoryRow = typeof categories.$inferSelect;
export type ShopRow = typeof shops.$inferSelect;
export type DiscountRow = typeof productDiscounts.$inferSelect;
export type ProductRow = typeof products.$inferSelect & { images: string[] };

type CategoryInsert = typeof categories.$inferInsert;
type ProductInsert = typeof products.$inferInsert;
type DiscountInsert = typeof productDiscounts.$inferInsert;

/** A category row (a leaf path). Default: Fashion & Accessories › Men Clothes › a unique level 3 name. */
export async function createCategory(
  db: Queryable,
  overrides: Partial<CategoryInsert> = {},
): Promise<CategoryRow> {
  const [row] = await db
    .insert(categories)
    .values({
      category: 'Fashion & Accessories',
      subCategory: 'Men Clothes',
      levelThreeCategory: unique('Leaf'),
      hsn: '6109',
      tax: '5',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('createCategory: insert returned no row');
  return row;
}

/** A shop for a seller (one per seller). */
export async function createShop(
  db: Queryable,
  overrides: Partial<typeof shops.$inferInsert> & { userId: string },
): Promise<ShopRow> {
  const [row] = await db
    .insert(shops)
    .values({ shopName: unique('Shop'), ...overrides })
    .returning();
  if (!row) throw new Error('createShop: insert returned no row');
  return row;
}

export type ProductOverrides = Partial<Omit<ProductInsert, 'userId' | 'price'>> & {
  sellerId: string;
  /** Major units; a number is written as its decimal string. */
  price?: string | number;
  /** Original image URLs in order; default one URL containing 'original'. Pass [] for none. */
  images?: string[];
  /**
   * The variants; default one per size in `sizes` (['M', 'L']) with `countInStock` (10) split evenly.
   * The product's count_in_stock and sizes are derived from them by the database.
   */
  variants?: VariantInput[];
};

/**
 * An active product of `sellerId`. Without `categoryId` a fresh category is made; `createdAt` may be
 * given to control "newest first" order (updatedAt follows it unless given).
 */
export async function createProduct(db: Queryable, overrides: ProductOverrides): Promise<ProductRow> {
  const { sellerId, price = '499.00', images, variants, ...fields } = overrides;
  const categoryId = fields.categoryId ?? (await createCategory(db)).id;
  const [inserted] = await db
    .insert(products)
    .values({
      name: unique('Product'),
      brand: 'Haat Basics',
      currency: 'INR',
      countInStock: 10,
      description: 'A product made for tests.',
      sizes: ['M', 'L'],
      percentageMarkup: '10',
      status: true,
      ...fields,
      updatedAt: fields.updatedAt ?? fields.createdAt,
      categoryId,
      userId: sellerId,
      price: String(price),
    })
    .returning();
  if (!inserted) throw new Error('createProduct: insert returned no row');
  await insertVariants(
    db,
    inserted.id,
    variants ??
      variantsFromSizes(fields.sizes ?? ['M', 'L'], fields.countInStock ?? 10, inserted.id.slice(0, 8)),
  );
  const [row] = await db.select().from(products).where(eq(products.id, inserted.id));
  if (!row) throw new Error('createProduct: product vanished');
  const urls = images ?? [`/uploads/products/${row.id}/0-original.webp`];
  if (urls.length > 0) {
    await db
      .insert(productImages)
      .values(urls.map((url, position) => ({ productId: row.id, url, position })));
  }
  return { ...row, images: urls };
}

/** A discount on a product: default 10 % off, active, valid for a week, no coupon. */
export async function createDiscount(
  db: Queryable,
  overrides: Partial<Omit<DiscountInsert, 'discountValue'>> & {
    productId: string;
    discountValue?: string | number;
  },
): Promise<DiscountRow> {
  const { discountValue = '10', ...fields } = overrides;
  const [row] = await db
    .insert(productDiscounts)
    .values({
      discountUnit: 'percentage',
      validUntil: new Date(Date.now() + 7 * 86_400_000),
      activate: true,
      couponCode: null,
      ...fields,
      discountValue: String(discountValue),
    })
    .returning();
  if (!row) throw new Error('createDiscount: insert returned no row');
  return row;
}
