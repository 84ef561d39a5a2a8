import { errorSchema } from '#shared/schemas/common.ts';
import {
  productListSchema,
  shopProductsQuery,
  publicShopSchema,
  shopNameParams,
  shopNamesSchema,
} from '#shared/schemas/product.ts';
import type { App } from '../../lib/types.ts';
import * as shopsService from './shops.service.ts';
import { listsTags, shopListTags, shopTags } from '../../plugins/catalog-cache-tags.ts';

/** Public shop pages (docs/product/api.md: /api/shops/names, /name/{shopName}, /products/{shopName}). */
export default async function shopsRoutes(app: App) {
  app.get(
    '/shops/names',
    {
      config: { catalogCache: listsTags },
      schema: { tags: ['shops'], summary: 'Shop names by shop id', response: { 200: shopNamesSchema } },
    },
    async (req) => shopsService.shopNames(req.ctx),
  );

  app.get(
    '/shops/name/:shopName',
    {
      config: { catalogCache: shopTags },
      schema: {
        tags: ['shops'],
        summary: 'A shop by name (hyphens read as spaces)',
        params: shopNameParams,
        response: { 200: publicShopSchema, 404: errorSchema },
      },
    },
    async (req) => shopsService.findShopByName(req.ctx, req.params.shopName),
  );

  app.get(
    '/shops/products/:shopName',
    {
      config: { catalogCache: shopListTags },
      schema: {
        tags: ['shops'],
        summary: "A shop's active products, filtered, with total and facet counts",
        params: shopNameParams,
        querystring: shopProductsQuery,
        response: { 200: productListSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req) => shopsService.shopProducts(req.ctx, req.params.shopName, req.query),
  );
}
