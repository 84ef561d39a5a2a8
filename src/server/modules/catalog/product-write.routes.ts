import { z } from 'zod';
import { canManageProducts, isAdmin } from '#shared/permissions.ts';
import { errorSchema, messageSchema, idParams, pathId } from '#shared/schemas/common.ts';
import { createProductBody, updateProductBody } from '#shared/schemas/product-form.ts';
import { productListSchema, productSchema, productTableQuery } from '#shared/schemas/product.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import * as service from './product-write.service.ts';
import { signedIn } from '../../plugins/context.ts';

const productIdParams = idParams('Product not found');
const sellerParams = z.object({ userId: pathId('User not found') });

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
};

/**
 * The seller's and Admin's product routes (docs/product/api.md Products; docs/product/roles-and-accounts.md): create, edit, toggle, delete,
 * and the two product tables. Active sellers and Admin pass the guard; the service scopes every product to
 * its owner (Admin: any), so another seller's product answers 404.
 */
export default async function productWriteRoutes(app: App) {
  const tags = ['products'];
  const manage = requirePermission(canManageProducts);

  app.post(
    '/products',
    {
      // Guards run before the body is validated: a buyer is told "not allowed", not what to fix.
      onRequest: manage,
      schema: {
        tags,
        summary: 'Create a product (active sellers and Admin); images are uploaded and saved afterwards',
        body: createProductBody,
        response: { 201: productSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await service.createProduct(signedIn(req), req.body)),
  );

  app.put(
    '/products/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary:
          'Update a product; after the first update name, currency, brand, images and category are locked',
        params: productIdParams,
        body: updateProductBody,
        response: { 200: productSchema, ...errors },
      },
    },
    async (req) => service.updateProduct(signedIn(req), req.params.id, req.body),
  );

  app.put(
    '/products/:id/toggle',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Activate or deactivate a product',
        params: productIdParams,
        response: { 200: z.object({ _id: z.string(), status: z.boolean() }), ...errors },
      },
    },
    async (req) => service.toggleProduct(signedIn(req), req.params.id),
  );

  app.delete(
    '/products/:id',
    {
      onRequest: requirePermission(isAdmin),
      schema: {
        tags,
        summary: 'Delete a product (Admin only)',
        params: productIdParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => service.deleteProduct(signedIn(req), req.params.id),
  );

  app.get(
    '/products/seller/:userId',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "A seller's own products, any status, newest first, 20 a page (Admin: anybody's)",
        params: sellerParams,
        querystring: productTableQuery,
        response: { 200: productListSchema, ...errors },
      },
    },
    async (req) => service.sellerProducts(signedIn(req), req.params.userId, req.query.pageNumber),
  );

  app.get(
    '/products/admin/productlist',
    {
      onRequest: requirePermission(isAdmin),
      schema: {
        tags,
        summary: 'Every product, any status, newest first, 20 a page (Admin only)',
        querystring: productTableQuery,
        response: { 200: productListSchema, ...errors },
      },
    },
    async (req) => service.adminProducts(signedIn(req), req.query.pageNumber),
  );
}
