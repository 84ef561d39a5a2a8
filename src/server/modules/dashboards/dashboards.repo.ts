import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { SELLER_ROLES } from '#shared/roles.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/variants.ts';
import type { Queryable } from '../../db/client.ts';
import {
  orderItems,
  productVariants,
  products,
  roles,
  shipments,
  shops,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import { lateShipmentSql } from '../fulfilment/fulfilment.service.ts';
import { roleNamesOf, toUserRecord, type UserRecord } from '../../db/user-record.ts';

/**
 * The seller dashboard's and the approval queue's SQL (docs/decisions/0115-seller-and-operator-views.md).
 * Every query is scoped by the seller it is asked for; days are India's (Asia/Kolkata).
 */

export type DashboardNumbers = {
  toAccept: number;
  toPack: number;
  toShip: number;
  placedToday: number;
  late: number;
  returnsToHandle: number;
  lowStock: number;
};

/** The counts of what waits for the seller, in one statement. */
export async function dashboardNumbers(db: Queryable, sellerId: string): Promise<DashboardNumbers> {
  const [row] = await db
    .select({
      // An online order not paid yet waits for its payment, not for the seller (ADR 0109).
      toAccept: sql<number>`(count(*) filter (where ${shipments.state} = 'placed' and (${shipments.kind} = 'exchange'
        or exists (select 1 from orders o where o.id = ${shipments.orderId}
                    and (o.is_paid or o.payment_method = 'CashOnDelivery')))))::int`,
      toPack: sql<number>`(count(*) filter (where ${shipments.state} = 'accepted'))::int`,
      toShip: sql<number>`(count(*) filter (where ${shipments.state} = 'packed'))::int`,
      late: sql<number>`(count(*) filter (where ${lateShipmentSql}))::int`,
      placedToday: sql<number>`(count(*) filter (where ${shipments.kind} = 'order'
        and (${shipments.createdAt} at time zone 'Asia/Kolkata')::date = (now() at time zone 'Asia/Kolkata')::date))::int`,
      // Written with aliases: inside one select Drizzle leaves columns unqualified, and `id` would be ambiguous.
      returnsToHandle: sql<number>`(select count(*)::int from return_requests r
        where r.seller_id = ${sellerId} and r.state = 'requested')`,
      lowStock: sql<number>`(select count(*)::int from product_variants v
        join products p on p.id = v.product_id
        where p.user_id = ${sellerId} and p.status and v.count_in_stock < ${LOW_STOCK_THRESHOLD})`,
    })
    .from(shipments)
    .where(eq(shipments.sellerId, sellerId));
  return (
    row ?? { toAccept: 0, toPack: 0, toShip: 0, placedToday: 0, late: 0, returnsToHandle: 0, lowStock: 0 }
  );
}

export type DayRow = {
  date: string;
  /** INR, a decimal string. */
  sales: string;
  units: number;
  orders: number;
  cancellations: number;
};

/**
 * Per Indian day since `from`: the sales (GST included, INR) and units of the seller's shipments placed
 * that day and still sold, how many orders they were, and how many of its shipments were cancelled that
 * day. One statement; days without either are absent (the service fills them with zeros).
 */
export async function dashboardDays(db: Queryable, sellerId: string, from: Date): Promise<DayRow[]> {
  // A sale: a shipment of an order (not an exchange), not cancelled or returned to origin; its lines'
  // value as the buyer paid it, GST included, in INR.
  const result = await db.execute<DayRow>(sql`
    with sold as (
      select to_char((s.created_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day,
             sum(i.discounted_price * i.qty + i.tax_amount) as sales,
             sum(i.qty) as units,
             count(distinct s.order_id) as orders
        from ${shipments} s
        join ${orderItems} i on i.order_id = s.order_id and i.seller_id = s.seller_id
       where s.seller_id = ${sellerId} and s.created_at >= ${from.toISOString()}
         and s.kind = 'order' and s.state not in ('cancelled', 'returned_to_origin')
       group by 1
    ), cancelled as (
      select to_char((s.cancelled_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as day,
             count(*) as cancellations
        from ${shipments} s
       where s.seller_id = ${sellerId} and s.state = 'cancelled' and s.cancelled_at >= ${from.toISOString()}
       group by 1
    )
    select coalesce(sold.day, cancelled.day) as date,
           coalesce(sold.sales, 0)::text as sales,
           coalesce(sold.units, 0)::int as units,
           coalesce(sold.orders, 0)::int as orders,
           coalesce(cancelled.cancellations, 0)::int as cancellations
      from sold full join cancelled on cancelled.day = sold.day`);
  return result.rows;
}

export type LowStockRow = {
  productId: string;
  variantId: string;
  name: string;
  size: string;
  colour: string | null;
  sku: string;
  countInStock: number;
};

/** The seller's variants (of active products) running out, fewest units first. */
export async function lowStockVariants(
  db: Queryable,
  sellerId: string,
  limit: number,
): Promise<LowStockRow[]> {
  return db
    .select({
      productId: products.id,
      variantId: productVariants.id,
      name: products.name,
      size: productVariants.size,
      colour: productVariants.colour,
      sku: productVariants.sku,
      countInStock: productVariants.countInStock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(products.userId, sellerId),
        eq(products.status, true),
        sql`${productVariants.countInStock} < ${LOW_STOCK_THRESHOLD}`,
      ),
    )
    .orderBy(asc(productVariants.countInStock), asc(products.name), asc(productVariants.position))
    .limit(limit);
}

/** Seller accounts not yet active (under review), oldest registration first: the approval queue. */
export async function pendingSellers(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<{ records: UserRecord[]; total: number }> {
  const isSellerAccount = sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = ${users.id} and ${inArray(roles.name, [...SELLER_ROLES])})`;
  const where = and(isNull(users.deletedAt), eq(users.active, false), isSellerAccount);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ user: users, roles: roleNamesOf, shop: shops })
      .from(users)
      .leftJoin(shops, eq(shops.userId, users.id))
      .where(where)
      .orderBy(asc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { records: rows.map(toUserRecord), total: counted?.n ?? 0 };
}

/** What the first-steps checklist is ticked from (ADR 0134): the seller's shop images, bank account, products. */
export async function onboardingFacts(
  db: Queryable,
  sellerId: string,
): Promise<{
  shopPicture: string | null;
  shopBanner: string | null;
  bankAccount: string | null;
  productCount: number;
}> {
  const [row] = await db
    .select({
      shopPicture: shops.shopPicture,
      shopBanner: shops.shopBanner,
      bankAccount: users.bankAccount,
      productCount: sql<number>`(select count(*)::int from ${products} where ${products.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(shops, eq(shops.userId, users.id))
    .where(eq(users.id, sellerId));
  return row ?? { shopPicture: null, shopBanner: null, bankAccount: null, productCount: 0 };
}
