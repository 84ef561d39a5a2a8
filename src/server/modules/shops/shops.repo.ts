import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { shops, users } from '../../db/schema/index.ts';

/** SQL for public shop pages. Shops of deleted users are gone. */

/** Every live shop's id and name, by name. */
export async function shopNames(db: Queryable): Promise<{ id: string; shopName: string }[]> {
  return db
    .select({ id: shops.id, shopName: shops.shopName })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(isNull(users.deletedAt))
    .orderBy(asc(shops.shopName));
}

export type ShopRow = {
  _id: string;
  shopName: string;
  shopPicture: string | null;
  shopBanner: string | null;
  userId: string;
  userName: string;
};

/**
 * The shop whose name matches with hyphens read as spaces, case-insensitively; an exact
 * (case-insensitive) name wins if two shops would both fit, then the older shop.
 */
export async function shopByLinkName(db: Queryable, name: string): Promise<ShopRow | undefined> {
  const wanted = sql`lower(replace(${name}, '-', ' '))`;
  const rows = await db
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
  return rows[0];
}
