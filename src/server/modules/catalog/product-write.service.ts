import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { isAdmin } from '#shared/permissions.ts';
import { changedIdentityFields, isProductLocked, lockViolations } from '#shared/product-lock.ts';
import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_MSG,
  VARIANT_MSG,
  normalizeSizes,
  discountEndsAt,
  discountValueProblem,
  type createProductBody,
  type discountBody,
  type newProductBody,
  type updateProductBody,
} from '#shared/schemas/product-form.ts';
import { TABLE_PAGE_SIZE, type Product, type ProductList } from '#shared/schemas/product.ts';
import { MSG } from '#shared/messages.ts';
import {
  normalizeVariantOptions,
  sizesOf,
  totalStock,
  variantsForSpecUpdate,
  variantsFromSizes,
  type VariantInput,
} from '#shared/variants.ts';
import { uniqueViolation } from '../../db/pg-errors.ts';
import type { Queryable } from '../../db/client.ts';
import { deleteProductImage, storeProductImage } from '../../lib/images.ts';
import { AppError, forbidden, invalid, notFound, type FieldError } from '../../lib/errors.ts';
import { keyOfPublicUrl, type Storage } from '../../lib/storage.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import * as discounts from './discount.repo.ts';
import * as cards from './product.repo.ts';
import { toProduct } from './product.service.ts';
import { isUuid } from '#shared/schemas/common.ts';
import * as repo from './product-write.repo.ts';
import * as variants from './variant.repo.ts';
import { catalogTag, invalidateCatalog, productTags } from '../../db/catalog-invalidation.ts';

/**
 * Sellers and Admin managing products (docs/product/orders-and-checkout.md#checkout-flow, docs/product/roles-and-accounts.md#permissions; docs/product/roles-and-accounts.md, docs/product/catalog.md). Route guards let in active sellers
 * and Admin only; here every product is looked up inside the caller's scope, so another seller's product
 * is simply not found (404), the same answer as an id that does not exist. Only listing another seller's
 * products by their user id is a 403: that id is public, and nothing is revealed by refusing.
 */

export type WriteCtx = AuthedCtx & { storage: Storage; log?: Pick<FastifyBaseLogger, 'warn'> };

type CreateInput = z.output<typeof createProductBody>;
type UpdateInput = z.output<typeof updateProductBody>;
type NewProductInput = z.output<typeof newProductBody>;
type DiscountInput = z.output<typeof discountBody>;

const PRODUCT_NOT_FOUND = 'Product not found';

/** Admin works on every product; anybody else on their own. */
export const scopeOf = (ctx: AuthedCtx): repo.Scope => ({
  ownerId: isAdmin(ctx.actor) ? null : ctx.actor.id,
});

const fieldError = (path: string, message: string) => invalid(message, [{ path, message }]);

/**
 * Whether images may be uploaded for the product (the uploads module asks before storing any): one in
 * the caller's scope (404 otherwise) whose images are not locked yet. Images are saved by the first
 * update and cannot change afterwards, so uploads for a product already updated could never be used.
 */
export async function checkImageUploadTarget(ctx: AuthedCtx, productId: string): Promise<void> {
  if (!isUuid(productId)) throw notFound(PRODUCT_NOT_FOUND);
  const target = await repo.uploadTarget(ctx.db, productId, scopeOf(ctx));
  if (!target) throw notFound(PRODUCT_NOT_FOUND);
  if (isProductLocked(target))
    throw new AppError('invalid', PRODUCT_MSG.locked, {
      code: 'product_locked',
      errors: [{ path: 'image', message: PRODUCT_MSG.lockedField }],
    });
}

async function loadProduct(ctx: AuthedCtx, id: string): Promise<Product> {
  const [row] = await cards.productCards(ctx.db, [id]);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  // The product as its detail has it: with its size chart (no reviews: they are the storefront's).
  return toProduct(row, [], await cards.sizeChartById(ctx.db, row.sizeChartId));
}

async function categoryOrFail(ctx: AuthedCtx, categoryId: string): Promise<repo.CategoryPathRow> {
  const category = await repo.categoryPath(ctx.db, categoryId);
  if (!category) throw fieldError('categoryId', PRODUCT_MSG.category);
  return category;
}

function sizesOrFail(sizes: readonly string[], category: repo.CategoryPathRow): string[] {
  const normalized = normalizeSizes(sizes, category);
  if (!normalized) throw fieldError('sizes', PRODUCT_MSG.sizes);
  return normalized;
}

/**
 * The stored form of a discount for a product priced `price`, checked: its end date, and a value that
 * lowers the price and leaves it above 0 (`discountValueProblem`). Field errors are reported at
 * `pathPrefix` + the field's name (`discount.` when the discount is part of a larger body).
 */
export function discountValueFor(
  price: number,
  body: DiscountInput,
  pathPrefix = '',
): discounts.DiscountValue {
  const validUntil = discountEndsAt(body.valid_until);
  const at = (field: string, message: string) => invalid(message, [{ path: pathPrefix + field, message }]);
  if (!validUntil) throw at('valid_until', PRODUCT_MSG.discountDate);
  const problem = discountValueProblem(price, body);
  if (problem) throw at('discount_value', problem);
  return {
    // discountValueProblem accepted it as an exact amount of at most 2 decimals.
    discountValue: body.discount_value.toFixed(2),
    discountUnit: body.discount_unit,
    validUntil,
    couponCode: body.coupon_code ?? null,
    activate: body.activate,
  };
}

type VariantsInput = NonNullable<CreateInput['variants']>;

/** The SKU prefix of a product's default SKUs: the first 8 hex digits of its id, as the migration's. */
const skuPrefixOf = (productId: string) => productId.replace(/-/g, '').slice(0, 8);

/** The grid's rows, checked against the category's sizes (N/A stands alone), prices as NUMERIC text. */
function variantRowsOrFail<T extends VariantsInput[number]>(
  rows: readonly T[],
  category: repo.CategoryPathRow,
): variants.VariantWrite[] {
  const normalized = normalizeVariantOptions(rows, category);
  if (!normalized) throw fieldError('variants', PRODUCT_MSG.sizes);
  return normalized.map((v) => ({
    _id: v._id,
    stockSeen: v.stockSeen,
    size: v.size,
    colour: v.colour,
    sku: v.sku,
    countInStock: v.countInStock,
    price: v.price === null ? null : v.price.toFixed(2),
  }));
}

/** A size chart must be one of the product seller's own (400 otherwise). */
async function checkSizeChart(db: Queryable, sizeChartId: string, sellerId: string): Promise<void> {
  if ((await variants.sizeChartSeller(db, sizeChartId)) !== sellerId)
    throw fieldError('sizeChartId', VARIANT_MSG.sizeChart);
}

/**
 * Writes variants, reporting a SKU the product already uses (the unique key, e.g. two rows differing only
 * in case) as a field error rather than a 500.
 */
async function writeVariants(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (err) {
    const key = uniqueViolation(err);
    if (key === 'product_variants_sku_key') throw fieldError('variants', VARIANT_MSG.skuDuplicate);
    if (key === 'product_variants_option_key') throw fieldError('variants', VARIANT_MSG.duplicate);
    throw err;
  }
}

type NewProductRow = repo.NewProduct & { id: string };

/**
 * The row of a new product and its variants, checked: the category and its sizes, the size chart, the
 * caller's shop. The variants are the body's grid, or for a SPEC-shaped body (no `variants`) one per size
 * with `countInStock` split evenly. The product belongs to the caller and their shop; its markup is copied
 * from its top-level category's, 0 when that category has none (docs/product/catalog.md#markups). Sellers
 * need a shop first, since products carry their shop
 * (docs/decisions/0058-a-seller-needs-a-shop-before-products.md); Admin may list without one.
 */
async function newProductRow(
  ctx: AuthedCtx,
  body: Omit<CreateInput, 'image'>,
  { draft }: { draft: boolean },
): Promise<{ row: NewProductRow; variants: VariantInput[] }> {
  const category = await categoryOrFail(ctx, body.categoryId);
  const id = randomUUID();
  const grid = body.variants
    ? variantRowsOrFail(body.variants, category)
    : variantsFromSizes(sizesOrFail(body.sizes, category), body.countInStock, skuPrefixOf(id));
  if (body.sizeChartId) await checkSizeChart(ctx.db, body.sizeChartId, ctx.actor.id);
  const shopId = await repo.shopIdOf(ctx.db, ctx.actor.id);
  if (!shopId && !isAdmin(ctx.actor))
    throw new AppError('invalid', PRODUCT_MSG.shopRequired, { code: 'shop_required' });
  const markup = (await repo.markupOfTopLevel(ctx.db, category.category)) ?? '0';
  const row: NewProductRow = {
    id,
    userId: ctx.actor.id,
    shopId,
    name: body.name,
    brand: body.brand,
    price: body.price.toFixed(2),
    currency: body.currency,
    categoryId: category.id,
    description: body.description,
    sizeChartId: body.sizeChartId ?? null,
    percentageMarkup: markup,
    // A product without pictures is a draft, never on the storefront (src/shared/product-lock.ts).
    status: !draft,
  };
  return {
    row,
    variants: grid.map((v) => ({
      size: v.size,
      colour: v.colour,
      sku: v.sku,
      countInStock: v.countInStock,
      price: v.price,
    })),
  };
}

/** The products row and its variants, in the caller's transaction. */
async function insertWithVariants(
  tx: Queryable,
  row: NewProductRow,
  grid: readonly VariantInput[],
): Promise<void> {
  await repo.insertProduct(tx, row);
  await invalidateCatalog(tx, productTags({ id: row.id, categoryId: row.categoryId, sellerId: row.userId }));
  await writeVariants(() => variants.insertVariants(tx, row.id, grid));
}

/**
 * POST /api/products (JSON, for API clients): a draft with no images yet, hidden from the storefront; the
 * update that gives it its first images completes it (shown, and the edit lock not yet started).
 */
export async function createProduct(ctx: AuthedCtx, body: CreateInput): Promise<Product> {
  const { row, variants: grid } = await newProductRow(ctx, body, { draft: true });
  await ctx.db.transaction((tx) => insertWithVariants(tx, row, grid));
  return loadProduct(ctx, row.id);
}

/**
 * POST /api/products/with-images: a product with its images, sizes and discount, in one action
 * (docs/product/catalog.md#creating-and-editing-a-product). What can be checked before storing anything
 * is checked first: the fields (the route's schema), the category and its sizes, the shop, the discount
 * against the price, at least one image. Then the images are stored in the new product's folder, one at a
 * time (a file that is not an image is refused there, 415), and the product, its image rows and its
 * discount are inserted in one transaction. If storing or the transaction fails, every file stored for it
 * is deleted again: a failed creation leaves nothing behind.
 *
 * Creating is not updating: `updatedAt` starts equal to `createdAt`, so the edit lock starts at the
 * product's first edit (`isProductLocked`).
 */
export async function createProductWithImages(
  ctx: WriteCtx,
  body: NewProductInput,
  files: readonly Buffer[],
): Promise<Product> {
  if (files.length === 0) throw fieldError('image', PRODUCT_MSG.image);
  if (files.length > MAX_PRODUCT_IMAGES) throw fieldError('image', PRODUCT_MSG.tooManyImages);
  const { row, variants: grid } = await newProductRow(ctx, body, { draft: false });
  const discount = body.discount ? discountValueFor(body.price, body.discount, 'discount.') : null;

  const id = row.id;
  const stored: string[] = [];
  try {
    // One at a time: each image is three sharp encodes, and the machine has other requests to serve.
    for (const file of files) stored.push((await storeProductImage(ctx.storage, id, file)).url);
    await ctx.db.transaction(async (tx) => {
      await insertWithVariants(tx, row, grid);
      await repo.replaceImages(tx, id, stored);
      if (discount) await discounts.upsertDiscount(tx, id, discount);
    });
  } catch (err) {
    // Undo the files, then report the failure that stopped the creation (a file that cannot be deleted
    // is only an orphan in storage; it is logged where a log is at hand).
    const undone = await Promise.allSettled(stored.map((url) => deleteProductImage(ctx.storage, url)));
    for (const r of undone)
      if (r.status === 'rejected')
        ctx.log?.warn({ err: r.reason }, 'could not delete an image of a failed creation');
    throw err;
  }
  return loadProduct(ctx, id);
}

/** The folder a product's uploads are stored in; links outside it are not the product's. */
export const productFolder = (productId: string) => `products/${productId}/`;

/**
 * PUT /api/products/:id. In one transaction with the row locked: once the product has been updated
 * (updatedAt ≠ createdAt), a name, currency, brand, image list or category that differs from the stored
 * one is refused (400, each field named); price, variants (stock, sizes), size chart and description may
 * always change, and changing them is an edit like any other (it starts the lock). New
 * image links must be uploads of this very product. Images dropped from the list are deleted from storage
 * after the commit.
 */
export async function updateProduct(ctx: WriteCtx, id: string, body: UpdateInput): Promise<Product> {
  const removed = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const current = await repo.lockForEdit(tx, id, scopeOf(ctx));
    if (!current) throw notFound(PRODUCT_NOT_FOUND);

    const refused = lockViolations(current, body);
    if (refused.length > 0) {
      const errors: FieldError[] = refused.map((path) => ({ path, message: PRODUCT_MSG.lockedField }));
      throw new AppError('invalid', PRODUCT_MSG.locked, { code: 'product_locked', errors });
    }
    const changes = changedIdentityFields(current, body);
    // A draft's first pictures finish its creation: it is shown, and this is not yet the locking edit.
    const completesDraft = current.image.length === 0;
    const changed = { categoryId: changes.includes('categoryId'), image: changes.includes('image') };

    const category = await categoryOrFail(txCtx, body.categoryId ?? current.categoryId);
    await invalidateCatalog(tx, [
      ...productTags({ id, categoryId: current.categoryId, sellerId: current.userId }),
      catalogTag.category(category.id),
    ]);
    const next = await nextVariants(tx, id, body, current, category, changed.categoryId);
    if (body.sizeChartId) await checkSizeChart(tx, body.sizeChartId, current.userId);

    // Every product leaves its first update with a picture: afterwards images can never be added.
    if ((body.image ?? current.image).length === 0) throw fieldError('image', PRODUCT_MSG.image);

    let dropped: string[] = [];
    if (body.image !== undefined && changed.image) {
      await checkImages(ctx.storage, id, body.image, current.image);
      await repo.replaceImages(tx, id, body.image);
      dropped = current.image.filter((url) => !body.image?.includes(url));
    }
    await repo.updateProduct(
      tx,
      id,
      {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.brand !== undefined && { brand: body.brand }),
        ...(body.currency !== undefined && { currency: body.currency }),
        ...(body.price !== undefined && { price: body.price.toFixed(2) }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.sizeChartId !== undefined && { sizeChartId: body.sizeChartId }),
        ...(changed.categoryId && {
          categoryId: category.id,
          // The markup belongs to the category: a product moved before its lock takes the new one's.
          percentageMarkup: (await repo.markupOfTopLevel(tx, category.category)) ?? '0',
        }),
        ...(completesDraft && { status: true }),
      },
      { startsLock: !completesDraft },
    );
    if (next) await writeVariants(() => variants.saveVariants(tx, id, next.stored, next.rows));
    return dropped;
  });
  await Promise.all(removed.map((url) => deleteProductImage(ctx.storage, url)));
  return loadProduct(ctx, id);
}

/**
 * Whether a body that carries `variants` is really a SPEC-shaped edit: its grid is the stored one
 * unchanged (a client that sends back the product it read) while its `sizes` or `countInStock` differ
 * from what the stored variants give. Then those two fields are the change, not the grid.
 */
function specFieldsBeside(
  body: UpdateInput,
  grid: NonNullable<UpdateInput['variants']>,
  stored: readonly variants.VariantRow[],
): boolean {
  const unchanged =
    grid.length === stored.length &&
    grid.every((r, i) => {
      const v = stored[i]!;
      return (
        r._id === v.id &&
        r.size.trim().toUpperCase() === v.size.toUpperCase() &&
        (r.colour ?? null) === v.colour &&
        r.sku === v.sku &&
        r.countInStock === v.countInStock &&
        (r.price === null ? v.price === null : v.price !== null && r.price === Number(v.price))
      );
    });
  if (!unchanged) return false;
  const sizesNow = sizesOf(stored).map((s) => s.toUpperCase());
  const sizesChanged =
    body.sizes !== undefined &&
    (body.sizes.length !== sizesNow.length ||
      body.sizes.some((s, i) => s.trim().toUpperCase() !== sizesNow[i]));
  return sizesChanged || (body.countInStock !== undefined && body.countInStock !== totalStock(stored));
}

/**
 * The variants an update leaves the product with, or undefined when it does not touch them (docs/decisions/
 * 0102-product-variants.md). With `variants` (the grid): rows with `_id` must be this product's variants
 * (400 otherwise), rows without are new, variants left out go; `sizes` and `countInStock` sent beside it
 * are ignored, unless the grid is the stored one unchanged and they differ from it (`specFieldsBeside`).
 * A SPEC-shaped body (`sizes` and/or `countInStock`) maps onto the stored variants by
 * `variantsForSpecUpdate`. A new category must still offer the sizes the product has, or the body must
 * bring new ones.
 */
async function nextVariants(
  tx: Queryable,
  id: string,
  body: UpdateInput,
  current: repo.EditableProduct,
  category: repo.CategoryPathRow,
  categoryChanged: boolean,
): Promise<{ stored: variants.VariantRow[]; rows: variants.VariantWrite[] } | undefined> {
  const stored =
    body.variants !== undefined ||
    body.sizes !== undefined ||
    body.countInStock !== undefined ||
    categoryChanged
      ? await variants.lockVariantsOf(tx, id)
      : [];
  if (body.variants !== undefined && !specFieldsBeside(body, body.variants, stored)) {
    const rows = variantRowsOrFail(body.variants, category);
    const ids = new Set(stored.map((v) => v.id));
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (r._id === undefined) return;
      if (!ids.has(r._id) || seen.has(r._id)) {
        const message = seen.has(r._id) ? VARIANT_MSG.duplicate : VARIANT_MSG.unknown;
        throw invalid(message, [{ path: `variants.${i}._id`, message }]);
      }
      seen.add(r._id);
    });
    return { stored, rows };
  }
  if (body.sizes === undefined && body.countInStock === undefined && !categoryChanged) return undefined;
  const sizes =
    body.sizes !== undefined || categoryChanged
      ? sizesOrFail(body.sizes ?? current.sizes, category)
      : undefined;
  const rows = variantsForSpecUpdate(
    stored.map((v) => ({
      _id: v.id,
      size: v.size,
      colour: v.colour,
      sku: v.sku,
      countInStock: v.countInStock,
      price: v.price,
    })),
    { sizes, countInStock: body.countInStock },
    skuPrefixOf(id),
  );
  return { stored, rows };
}

/** Every link is an original in this product's folder; links not yet on the product must exist. */
async function checkImages(
  storage: Storage,
  productId: string,
  urls: readonly string[],
  current: readonly string[],
) {
  if (new Set(urls).size !== urls.length) throw fieldError('image', PRODUCT_MSG.imageLink);
  for (const url of urls) {
    const key = keyOfPublicUrl(url);
    if (!key || !key.startsWith(productFolder(productId))) throw fieldError('image', PRODUCT_MSG.imageLink);
    if (!current.includes(url) && !(await storage.get(key, 'public')))
      throw fieldError('image', PRODUCT_MSG.imageLink);
  }
}

/** PUT /api/products/:id/toggle: Active ⇄ Inactive (docs/product/orders-and-checkout.md#checkout-flow). Does not count as an edit. */
export async function toggleProduct(ctx: AuthedCtx, id: string): Promise<{ _id: string; status: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const current = await repo.lockForEdit(tx, id, scopeOf(ctx));
    if (!current) throw notFound(PRODUCT_NOT_FOUND);
    // A draft (no pictures yet) cannot be shown: it would be a storefront listing without an image.
    if (!current.status && current.image.length === 0) throw fieldError('image', PRODUCT_MSG.image);
    const status = await repo.toggleStatus(tx, id, scopeOf(ctx));
    if (status === null) throw notFound(PRODUCT_NOT_FOUND);
    await invalidateCatalog(
      tx,
      productTags({ id, categoryId: current.categoryId, sellerId: current.userId }),
    );
    return { _id: id, status };
  });
}

/** DELETE /api/products/:id (Admin only, by the route's guard). Its stored images go too. */
export async function deleteProduct(ctx: WriteCtx, id: string): Promise<{ message: string }> {
  if (!isAdmin(ctx.actor)) throw forbidden(MSG.notAllowed);
  const images = await repo.deleteProduct(ctx.db, id);
  if (images === null) throw notFound(PRODUCT_NOT_FOUND);
  await invalidateCatalog(ctx.db, productTags({ id })); // after the delete's own transaction
  await Promise.all(images.map((url) => deleteProductImage(ctx.storage, url)));
  return { message: 'Product removed' };
}

async function tablePage(
  ctx: AuthedCtx,
  page: { ids: string[]; total: number },
  pageNumber: number,
): Promise<ProductList> {
  const rows = await cards.productCards(ctx.db, page.ids);
  return {
    products: rows.map((r) => toProduct(r)),
    page: pageNumber,
    pages: Math.max(1, Math.ceil(page.total / TABLE_PAGE_SIZE)),
  };
}

/** GET /api/products/seller/:userId: a seller's own products, any status; Admin may list anybody's. */
export async function sellerProducts(
  ctx: AuthedCtx,
  userId: string,
  pageNumber: number,
): Promise<ProductList> {
  if (userId !== ctx.actor.id && !isAdmin(ctx.actor)) throw forbidden(MSG.notAllowed);
  return tablePage(ctx, await repo.tableIds(ctx.db, repo.ofSeller(userId), pageNumber), pageNumber);
}

/** GET /api/products/admin/productlist: every product, any status, newest first (Admin only). */
export async function adminProducts(ctx: AuthedCtx, pageNumber: number): Promise<ProductList> {
  if (!isAdmin(ctx.actor)) throw forbidden(MSG.notAllowed);
  return tablePage(ctx, await repo.tableIds(ctx.db, undefined, pageNumber), pageNumber);
}
