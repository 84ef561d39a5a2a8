import { z } from 'zod';
import { canManageProducts } from '#shared/permissions.ts';
import { errorSchema, pathId } from '#shared/schemas/common.ts';
import { discountBody } from '#shared/schemas/product-form.ts';
import { productDiscountSchema } from '#shared/schemas/product.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import * as discounts from './discount-write.service.ts';
import { signedIn } from '../../plugins/context.ts';

const params = z.object({ product_id: pathId('Product not found') });
/** `absent=null`: no discount answers 200 null rather than 404 'Discount not found'. */
const discountQuery = z.object({ absent: z.enum(['404', 'null']).default('404') });

/**
 * A product's discount for its seller or Admin (docs/product/api.md PUT /api/product-discounts/{product_id}). The GET
 * feeds the edit form's discount panel, which hides its 404 'Discount not found' (docs/product/messages.md).
 */
export default async function discountWriteRoutes(app: App) {
  const tags = ['discounts'];
  const manage = requirePermission(canManageProducts);
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.get(
    '/product-discounts/:product_id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "A product's discount, coupon code included (its seller and Admin)",
        params,
        querystring: discountQuery,
        response: { 200: productDiscountSchema.nullable(), ...errors },
      },
    },
    async (req) => discounts.getProductDiscount(signedIn(req), req.params.product_id, req.query.absent),
  );

  app.put(
    '/product-discounts/:product_id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "Create or replace a product's discount (its seller and Admin)",
        params,
        body: discountBody,
        response: { 200: productDiscountSchema, ...errors },
      },
    },
    async (req) => discounts.saveProductDiscount(signedIn(req), req.params.product_id, req.body),
  );
}
