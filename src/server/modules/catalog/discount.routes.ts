import { z } from 'zod';
import { errorSchema } from '#shared/schemas/common.ts';
import { couponParams, discountsQuery, productDiscountSchema } from '#shared/schemas/product.ts';
import type { App } from '../../lib/types.ts';
import * as discountService from './discount.service.ts';
import { discountsTags } from '../../plugins/catalog-cache-tags.ts';

/** Storefront discounts (docs/product/api.md#catalog; docs/decisions/0041-coupon-codes-are-not-listed.md). */
export default async function discountRoutes(app: App) {
  app.get(
    '/product-discounts',
    {
      config: { catalogCache: discountsTags },
      schema: {
        tags: ['discounts'],
        summary: "Live discounts (coupon codes hidden); with products=a,b only those products'",
        querystring: discountsQuery,
        response: { 200: z.array(productDiscountSchema), 400: errorSchema },
      },
    },
    async (req) => discountService.listLiveDiscounts(req.ctx, req.query.products),
  );

  app.get(
    '/product-discounts/coupon/:code',
    {
      // Guessing codes one request at a time must be slow.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['discounts'],
        summary: 'Live discounts of a coupon code the buyer entered',
        params: couponParams,
        response: { 200: z.array(productDiscountSchema), 404: errorSchema },
      },
    },
    async (req) => discountService.discountsForCoupon(req.ctx, req.params.code),
  );
}
