import type { ProductFilters, ProductList, PublicShop } from '#shared/schemas/product.ts';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/types.ts';
import { productsOfSeller, type ListCtx } from '../catalog/product-filter.service.ts';
import * as repo from './shops.repo.ts';

/** Public shop pages (docs/product/screens.md Shop page, docs/product/api.md shops). Shops of deleted users are gone. */

export const SHOP_NOT_FOUND = 'Shop not found';

/** GET /api/shops/names → { shopId: shopName }. */
export async function shopNames(ctx: Ctx): Promise<Record<string, string>> {
  const rows = await repo.shopNames(ctx.db);
  return Object.fromEntries(rows.map((r) => [r.id, r.shopName]));
}

/**
 * A shop by the name in a link. Links write spaces as hyphens (docs/product/screens.md), and a real name may hold hyphens
 * too, so both sides are compared with hyphens read as spaces, case-insensitively; an exact
 * (case-insensitive) name wins if two shops would both fit.
 */
export async function findShopByName(ctx: Ctx, name: string): Promise<PublicShop> {
  const row = await repo.shopByLinkName(ctx.db, name);
  if (!row) throw notFound(SHOP_NOT_FOUND);
  const { userId, userName, ...shop } = row;
  return { ...shop, user: { _id: userId, name: userName } };
}

/** GET /api/shops/products/:shopName: the shop owner's active products, filtered (with total and facets). */
export async function shopProducts(
  ctx: ListCtx,
  name: string,
  q: ProductFilters & { pageNumber: number },
): Promise<ProductList> {
  const shop = await findShopByName(ctx, name);
  return productsOfSeller(ctx, shop.user._id, q);
}
