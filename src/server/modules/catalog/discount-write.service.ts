import type { z } from 'zod';
import { PRODUCT_MSG, discountEndsAt, type discountBody } from '#shared/schemas/product-form.ts';
import type { ProductDiscount } from '#shared/schemas/product.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import * as discounts from './discount.repo.ts';
import { toWire } from './discount.service.ts';
import * as repo from './product-write.repo.ts';
import { discountValueFor, scopeOf } from './product-write.service.ts';
import { DISCOUNTS, invalidateCatalog, productTags } from '../../db/catalog-invalidation.ts';

/**
 * A product's discount as its seller or Admin manages it (docs/product/api.md#resources "Product discount", docs/product/orders-and-checkout.md#checkout-flow: the active flag
 * follows the Add Discount checkbox; docs/product/pricing-and-tax.md). One discount per product (unique key), so saving is an
 * upsert. The owner sees the coupon code; the storefront never does (ADR 0041).
 */

type DiscountInput = z.output<typeof discountBody>;

const PRODUCT_NOT_FOUND = 'Product not found';
export const DISCOUNT_NOT_FOUND = 'Discount not found';

/**
 * GET /api/product-discounts/:product_id: the discount of a product in the caller's scope. With
 * `absent: 'null'` a product without one answers null instead of 404 'Discount not found' (the edit form
 * asks that way, so a product with no discount logs no failed request in the browser).
 */
export async function getProductDiscount(
  ctx: AuthedCtx,
  productId: string,
  absent: '404' | 'null' = '404',
): Promise<ProductDiscount | null> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.lockPriceOf(tx, productId, scopeOf(ctx)))) throw notFound(PRODUCT_NOT_FOUND);
    const row = await discounts.discountOfProduct(tx, productId);
    if (!row) {
      if (absent === 'null') return null;
      throw notFound(DISCOUNT_NOT_FOUND);
    }
    return toWire(row, true);
  });
}

/**
 * PUT /api/product-discounts/:product_id: create or replace the discount. The value must lower the
 * product's price and leave it above 0 (`validateDiscount`, with the price read under a row lock so a
 * concurrent price edit cannot slip between check and write).
 */
export async function saveProductDiscount(
  ctx: AuthedCtx,
  productId: string,
  body: DiscountInput,
): Promise<ProductDiscount> {
  if (body.product_id !== undefined && body.product_id !== productId)
    throw invalid(PRODUCT_MSG.productMismatch, [
      { path: 'product_id', message: PRODUCT_MSG.productMismatch },
    ]);
  if (!discountEndsAt(body.valid_until))
    throw invalid(PRODUCT_MSG.discountDate, [{ path: 'valid_until', message: PRODUCT_MSG.discountDate }]);

  return ctx.db.transaction(async (tx) => {
    const product = await repo.lockPriceOf(tx, productId, scopeOf(ctx));
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    const value = discountValueFor(Number(product.price), body);
    await invalidateCatalog(tx, [...productTags({ id: productId }), DISCOUNTS]);
    return toWire(await discounts.upsertDiscount(tx, productId, value), true);
  });
}
