import type { ProductDiscount } from '#shared/schemas/product.ts';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/types.ts';
import * as repo from './discount.repo.ts';

/**
 * Live product discounts for the storefront (docs/product/api.md#resources "Product discount", docs/product/pricing-and-tax.md): activated, not yet
 * expired, on an active product. Coupon codes are never listed
 * (docs/decisions/0041-coupon-codes-are-not-listed.md).
 */

export const COUPON_NOT_FOUND = 'Coupon code not found';

const hasCoupon = (code: string | null): code is string => code !== null && code.trim() !== '';

export function toWire(row: repo.DiscountRow, revealCode: boolean): ProductDiscount {
  const requiresCoupon = hasCoupon(row.couponCode);
  return {
    _id: row.id,
    product_id: row.productId,
    discount_value: Number(row.discountValue),
    discount_unit: row.discountUnit,
    valid_until: row.validUntil.toISOString(),
    coupon_code: requiresCoupon && revealCode ? row.couponCode : null,
    activate: row.activate,
    requires_coupon: requiresCoupon,
  };
}

/**
 * GET /api/product-discounts: every live discount, or with `productIds` only those products' (ids that
 * are unknown or have none are left out); coupon discounts say `requires_coupon` and hide the code.
 */
export async function listLiveDiscounts(
  ctx: Ctx,
  productIds?: readonly string[],
): Promise<ProductDiscount[]> {
  return (await repo.liveDiscounts(ctx.db, undefined, productIds)).map((r) => toWire(r, false));
}

/**
 * GET /api/product-discounts/coupon/:code: the live discounts of a code the buyer typed. Codes match
 * trimmed and case-insensitively, as `couponMatches` in #shared/discounts.ts does when pricing the cart.
 */
export async function discountsForCoupon(ctx: Ctx, code: string): Promise<ProductDiscount[]> {
  const rows = await repo.liveDiscounts(ctx.db, code);
  if (rows.length === 0) throw notFound(COUPON_NOT_FOUND);
  return rows.map((r) => toWire(r, true));
}
