import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ProductList, PublicShop } from '#shared/schemas/product.ts';
import { shops, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/types.ts';
import { productsOfSeller } from '../catalog/product.service.ts';

/** Public shop pages (SPEC §2 Shop page, §7 shops). Shops of deleted users are gone. */

export const SHOP_NOT_FOUND = 'Shop not found';

/** GET /api/shops/names → { shopId: shopName }. */
export async function shopNames(ctx: Ctx): Promise<Record<string, string>> {
  const rows = await ctx.db
    .select({ id: shops.id, shopName: shops.shopName })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(isNull(users.deletedAt))
    .orderBy(asc(shops.shopName));
  return Object.fromEntries(rows.map((r) => [r.id, r.shopName]));
}

/**
 * A shop by the name in a link. Links write spaces as hyphens (SPEC §2), and a real name may hold hyphens
 * too, so both sides are compared with hyphens read as spaces, case-insensitively; an exact
 * (case-insensitive) name wins if two shops would both fit.
 */
export async function findShopByName(ctx: Ctx, name: string): Promise<PublicShop> {
  const wanted = sql`lower(replace(${name}, '-', ' '))`;
  const rows = await ctx.db
    .select({
      _id: shops.id,
      shopName: shops.shopName,
      shopPicture: shops.shopPicture,
      shopBanner: shops.shopBanner,
      userId: users.id,
      userName: users.name,
    })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(sql`lower(replace(${shops.shopName}, '-', ' ')) = ${wanted} and ${users.deletedAt} is null`)
    .orderBy(desc(sql`lower(${shops.shopName}) = lower(${name})`), asc(shops.createdAt))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound(SHOP_NOT_FOUND);
  const { userId, userName, ...shop } = row;
  return { ...shop, user: { _id: userId, name: userName } };
}

/** GET /api/shops/products/:shopName: the shop owner's active products, newest first. */
export async function shopProducts(ctx: Ctx, name: string, pageNumber: number): Promise<ProductList> {
  const shop = await findShopByName(ctx, name);
  return productsOfSeller(ctx, shop.user._id, pageNumber);
}
