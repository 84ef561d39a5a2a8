import { z } from 'zod';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import {
  markupSchema,
  productListQuery,
  productListSchema,
  productSchema,
  productsByCategoryQuery,
} from '#shared/schemas/product.ts';
import type { App } from '../../lib/types.ts';
import categoryRoutes from './category.routes.ts';
import discountRoutes from './discount.routes.ts';
import discountWriteRoutes from './discount-write.routes.ts';
import markupRoutes from './markup.routes.ts';
import productWriteRoutes from './product-write.routes.ts';
import reviewRoutes from './review.routes.ts';
import * as productService from './product.service.ts';
import * as productFilterService from './product-filter.service.ts';
import {
  categoryListTags,
  productDetailTags,
  productIdTags,
  productListTags,
} from '../../plugins/catalog-cache-tags.ts';

const productIdParams = idParams('Product not found');
/** Any string: the markup of anything unknown, malformed ids included, is 0 (docs/product/api.md). */
const markupParams = z.object({ id: z.string().max(100) });

/**
 * The storefront catalog (docs/product/api.md Products, discounts, categories, shops; docs/product/catalog.md): product lists,
 * search, detail, reviews. Category and discount routes live beside it and are registered here;
 * shops and uploads have their own plugins (ADR 0019).
 */
export default async function catalogRoutes(app: App) {
  app.get(
    '/products',
    {
      config: { catalogCache: productListTags },
      schema: {
        tags: ['products'],
        summary:
          'Active products, newest first; with a keyword, search results best first; with filters or a sort, the filtered list with its total and facet counts',
        querystring: productListQuery,
        response: { 200: productListSchema, 400: errorSchema },
      },
    },
    async (req) => productFilterService.listProducts(req.ctx, req.query),
  );

  app.get(
    '/products/top',
    {
      config: { catalogCache: productListTags },
      schema: {
        tags: ['products'],
        summary: 'Top rated active products',
        response: { 200: z.array(productSchema) },
      },
    },
    async (req) => productService.topProducts(req.ctx),
  );

  app.get(
    '/products/category',
    {
      config: { catalogCache: categoryListTags },
      schema: {
        tags: ['products'],
        summary:
          'Active products in any of the categories (categoryIDs=a,b,c or repeated), filtered, with total and facet counts',
        querystring: productsByCategoryQuery,
        response: { 200: productListSchema, 400: errorSchema },
      },
    },
    async (req) => productFilterService.productsInCategories(req.ctx, req.query),
  );

  app.get(
    '/products/:id',
    {
      config: { catalogCache: productDetailTags },
      schema: {
        tags: ['products'],
        summary: 'A product with its reviews',
        params: productIdParams,
        response: { 200: productSchema, 404: errorSchema },
      },
    },
    async (req) => productService.getProduct(req.ctx, req.params.id),
  );

  app.get(
    '/products/:id/markup',
    {
      config: { catalogCache: productIdTags },
      schema: {
        tags: ['products'],
        summary: "A product's percentage markup (0 when unknown)",
        params: markupParams,
        response: { 200: markupSchema },
      },
    },
    async (req) => productService.productMarkup(req.ctx, req.params.id),
  );

  // Reviews: the paged list, writes with photos, votes and hiding (a plugin of their own: multipart).
  await app.register(reviewRoutes);
  await app.register(categoryRoutes);
  await app.register(discountRoutes);
  // The seller's and Admin's side: product writes and tables, discounts, markups.
  await app.register(productWriteRoutes);
  await app.register(discountWriteRoutes);
  await app.register(markupRoutes);
}
