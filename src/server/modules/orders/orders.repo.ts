import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { OrderSearch } from '#shared/order-search.ts';
import { ORDER_PAGE_SIZE } from '#shared/schemas/order.ts';
import type { Queryable } from '../../db/client.ts';
import {
  categories,
  orderItems,
  orders,
  productDiscounts,
  productImages,
  productVariants,
  products,
  refunds,
  returnRequests,
  sellerPayments,
  shipments,
  users,
} from '../../db/schema/index.ts';

/**
 * Order SQL. Every stock change is a conditional UPDATE the database decides (STYLE 4): the decrement only
 * happens where enough remains, so two buyers can never sell the same unit. Stock is a variant's
 * (docs/decisions/0102-product-variants.md); the product's total follows by trigger. Lock order, for
 * placing and for restocking alike: the products rows in id order, then their variants in id order.
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
type OrderInsert = typeof orders.$inferInsert;
type OrderItemInsert = typeof orderItems.$inferInsert;
type SellerPaymentInsert = typeof sellerPayments.$inferInsert;

// ---------------------------------------------------------------------------------------------------------
// Placing an order
// ---------------------------------------------------------------------------------------------------------

/** Serialises requests of one user with one Idempotency-Key until the transaction ends. */
export async function lockIdempotencyKey(tx: Queryable, userId: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`order:${userId}:${key}`}, 0))`);
}

export async function orderIdByIdempotencyKey(
  db: Queryable,
  userId: string,
  key: string,
): Promise<string | undefined> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return rows[0]?.id;
}

export type OrderedProduct = {
  id: string;
  name: string;
  price: string;
  currency: string;
  status: boolean;
  percentageMarkup: string;
  categoryId: string;
  sellerId: string;
};

export type StockVariant = {
  id: string;
  productId: string;
  size: string;
  colour: string | null;
  sku: string;
  countInStock: number;
  price: string | null;
};

export type PricingFacts = {
  productId: string;
  categoryId: string;
  hsn: string;
  categoryTax: string;
  sellerName: string;
  images: string[];
  discount: {
    discountValue: string;
    discountUnit: 'percentage' | 'amount';
    validUntil: Date;
    couponCode: string | null;
    activate: boolean;
  } | null;
};

/** Everything placing an order reads about its products: the rows, their variants and pricing facts. */
export type OrderSnapshot = {
  products: Map<string, OrderedProduct>;
  /** Each product's variants in display order. */
  variants: Map<string, StockVariant[]>;
  facts: Map<string, PricingFacts>;
};

type SnapshotRow = {
  id: string;
  name: string;
  price: string;
  currency: string;
  status: boolean;
  percentage_markup: string;
  category_id: string;
  seller_id: string;
  hsn: string;
  category_tax: string;
  seller_name: string;
  images: string[];
  discount_value: string | null;
  discount_unit: 'percentage' | 'amount' | null;
  valid_until: Date | null;
  coupon_code: string | null;
  activate: boolean | null;
  variants: {
    id: string;
    size: string;
    colour: string | null;
    sku: string;
    count_in_stock: number;
    price: string | null;
  }[];
};

/**
 * Locks the products being ordered FOR NO KEY UPDATE, in id order: the lock order every order and restock
 * uses, so they cannot deadlock; the lock the variant trigger's update of the row takes anyway, taken
 * before any variant, as product edits do. Read the products after it (orderSnapshot), in a statement of
 * its own: a statement that waited for a lock still reads the other tables (variants, discount) as they
 * were when it began.
 */
export async function lockProducts(tx: Queryable, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]))
    .orderBy(asc(products.id))
    .for('no key update');
}

/**
 * The products being ordered with their variants (display order), category tax, seller name, images and
 * discount, in one round trip; inactive products too. After lockProducts, the variants read are the ones
 * the stock UPDATE will find.
 */
export async function orderSnapshot(tx: Queryable, productIds: readonly string[]): Promise<OrderSnapshot> {
  const snapshot: OrderSnapshot = { products: new Map(), variants: new Map(), facts: new Map() };
  if (productIds.length === 0) return snapshot;
  const result = await tx.execute<SnapshotRow>(sql`
    select p.id, p.name, p.price, p.currency, p.status, p.percentage_markup, p.category_id,
           p.user_id as seller_id, c.hsn, c.tax as category_tax, u.name as seller_name,
           coalesce((select array_agg(i.url order by i.position, i.id) from ${productImages} i
                      where i.product_id = p.id), '{}'::text[]) as images,
           d.discount_value, d.discount_unit, d.valid_until, d.coupon_code, d.activate,
           coalesce((select json_agg(json_build_object('id', v.id, 'size', v.size, 'colour', v.colour,
                                                       'sku', v.sku, 'count_in_stock', v.count_in_stock,
                                                       'price', v.price::text)
                                     order by v.position, v.created_at)
                       from ${productVariants} v where v.product_id = p.id), '[]'::json) as variants
      from ${products} p
      join ${categories} c on c.id = p.category_id
      join ${users} u on u.id = p.user_id
      left join ${productDiscounts} d on d.product_id = p.id
     where p.id in (${sql.join(
       productIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     order by p.id`);
  for (const r of result.rows) {
    snapshot.products.set(r.id, {
      id: r.id,
      name: r.name,
      price: r.price,
      currency: r.currency,
      status: r.status,
      percentageMarkup: r.percentage_markup,
      categoryId: r.category_id,
      sellerId: r.seller_id,
    });
    snapshot.variants.set(
      r.id,
      r.variants.map((v) => ({
        id: v.id,
        productId: r.id,
        size: v.size,
        colour: v.colour,
        sku: v.sku,
        countInStock: v.count_in_stock,
        price: v.price,
      })),
    );
    snapshot.facts.set(r.id, {
      productId: r.id,
      categoryId: r.category_id,
      hsn: r.hsn,
      categoryTax: r.category_tax,
      sellerName: r.seller_name,
      images: r.images,
      discount:
        r.discount_value !== null && r.discount_unit !== null && r.valid_until !== null && r.activate !== null
          ? {
              discountValue: r.discount_value,
              discountUnit: r.discount_unit,
              validUntil: r.valid_until,
              couponCode: r.coupon_code,
              activate: r.activate,
            }
          : null,
    });
  }
  return snapshot;
}

/**
 * Takes each variant's units, only where that many remain, in one statement: the ids of the variants
 * taken (a variant missing from the answer had too few). Call with the products locked (orderSnapshot),
 * which orders concurrent takers of the same variants. Products' count_in_stock follows by trigger.
 */
export async function takeVariantsStock(
  tx: Queryable,
  takes: readonly { variantId: string; qty: number }[],
): Promise<Set<string>> {
  if (takes.length === 0) return new Set();
  const result = await tx.execute<{ id: string }>(sql`
    update ${productVariants} v set count_in_stock = v.count_in_stock - t.qty
      from unnest(${`{${takes.map((t) => t.variantId).join(',')}}`}::uuid[],
                  ${`{${takes.map((t) => t.qty).join(',')}}`}::int[]) as t(id, qty)
     where v.id = t.id and v.count_in_stock >= t.qty
    returning v.id`);
  return new Set(result.rows.map((r) => r.id));
}

export async function insertOrder(tx: Queryable, values: OrderInsert): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('insertOrder: no row returned');
  return row;
}

export async function insertOrderItems(tx: Queryable, values: OrderItemInsert[]): Promise<OrderItemRow[]> {
  return tx.insert(orderItems).values(values).returning();
}

export async function insertSellerPayments(tx: Queryable, values: SellerPaymentInsert[]): Promise<void> {
  await tx.insert(sellerPayments).values(values);
}

// ---------------------------------------------------------------------------------------------------------
// Reading orders
// ---------------------------------------------------------------------------------------------------------

export type OrderWithBuyer = OrderRow & { buyerName: string; buyerEmail: string };
export type ItemWithSeller = OrderItemRow & { sellerName: string };

/** An order's buyer, joined onto a query on `orders`. */
const buyerOfOrder = eq(users.id, orders.userId);
/** A line's seller, joined onto a query on `orderItems`. */
const sellerOfItem = eq(users.id, orderItems.sellerId);
/** The order's lines in the order they were placed; the id breaks ties. */
const placementOrder = [asc(orderItems.position), asc(orderItems.id)];

const orderWithBuyer = {
  order: orders,
  buyerName: users.name,
  buyerEmail: users.email,
};

export async function findOrder(db: Queryable, orderId: string): Promise<OrderWithBuyer | undefined> {
  const rows = await db
    .select(orderWithBuyer)
    .from(orders)
    .innerJoin(users, buyerOfOrder)
    .where(eq(orders.id, orderId));
  const r = rows[0];
  return r && { ...r.order, buyerName: r.buyerName, buyerEmail: r.buyerEmail };
}

/** The order's lines (only `sellerId`'s when given), in the order they were placed. */
export async function findOrderItems(
  db: Queryable,
  orderId: string,
  sellerId?: string,
): Promise<ItemWithSeller[]> {
  const rows = await db
    .select({ item: orderItems, sellerName: users.name })
    .from(orderItems)
    .innerJoin(users, sellerOfItem)
    .where(and(eq(orderItems.orderId, orderId), sellerId ? eq(orderItems.sellerId, sellerId) : undefined))
    .orderBy(...placementOrder);
  return rows.map((r) => ({ ...r.item, sellerName: r.sellerName }));
}

/** Who placed the order, or undefined when there is no such order. */
export async function orderOwnerId(db: Queryable, orderId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row?.userId;
}

export type ItemForMail = OrderItemRow & {
  sellerName: string;
  sellerEmail: string;
  sellerDeletedAt: Date | null;
  /** The seller's payout for the line (INR), null when the line has no payment record. */
  payout: string | null;
};

/** The order's lines with each seller's address and payout, for the completion mails. */
export async function orderItemsForMails(db: Queryable, orderId: string): Promise<ItemForMail[]> {
  const rows = await db
    .select({
      item: orderItems,
      sellerName: users.name,
      sellerEmail: users.email,
      sellerDeletedAt: users.deletedAt,
      payout: sellerPayments.itemTotalPrice,
    })
    .from(orderItems)
    .innerJoin(users, sellerOfItem)
    .leftJoin(sellerPayments, eq(sellerPayments.orderItemId, orderItems.id))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(...placementOrder);
  return rows.map(({ item, ...rest }) => ({ ...item, ...rest }));
}

export type OrderListRowData = Pick<
  OrderRow,
  | 'id'
  | 'orderNumber'
  | 'userId'
  | 'createdAt'
  | 'paymentMethod'
  | 'totalPrice'
  | 'orderCurrency'
  | 'status'
  | 'isPaid'
  | 'paidAt'
  | 'isDelivered'
  | 'deliveredAt'
> & {
  buyerName: string;
  buyerEmail: string;
  /** The lines' product names, sizes and colours, in placing order. */
  itemNames: ItemName[];
  /** What My Purchases' progress (src/shared/order-progress.ts) is computed from. */
  shipmentStates: ShipmentStateName[];
  returnFacts: { state: ReturnStateName; kind: 'return' | 'exchange' }[];
  refundStates: RefundStateName[];
};

type ItemName = { name: string; size: string | null; colour: string | null };
type ShipmentStateName = (typeof shipments.$inferSelect)['state'];
type ReturnStateName = (typeof returnRequests.$inferSelect)['state'];
type RefundStateName = (typeof refunds.$inferSelect)['state'];

/**
 * An order row's line names and the states of its shipments, return requests and refunds, as correlated
 * subqueries on their order indexes: a list is still one query however many orders it shows (no N+1).
 */
const orderFacts = {
  itemNames: sql<ItemName[]>`coalesce((
    select json_agg(json_build_object('name', ${orderItems.name}, 'size', ${orderItems.size},
                                      'colour', ${orderItems.colour})
                    order by ${orderItems.position}, ${orderItems.id})
      from ${orderItems} where ${orderItems.orderId} = ${orders.id}), '[]'::json)`,
  shipmentStates: sql<ShipmentStateName[]>`coalesce((
    select array_agg(${shipments.state}::text order by ${shipments.createdAt})
      from ${shipments} where ${shipments.orderId} = ${orders.id} and ${shipments.kind} = 'order'), '{}'::text[])`,
  returnFacts: sql<{ state: ReturnStateName; kind: 'return' | 'exchange' }[]>`coalesce((
    select json_agg(json_build_object('state', ${returnRequests.state}, 'kind', ${returnRequests.kind}))
      from ${returnRequests} where ${returnRequests.orderId} = ${orders.id}), '[]'::json)`,
  refundStates: sql<RefundStateName[]>`coalesce((
    select array_agg(${refunds.state}::text)
      from ${refunds} where ${refunds.orderId} = ${orders.id}), '{}'::text[])`,
};

/** Where an order stands: payment and delivery. Order lists and seller lines both show it. */
const orderState = {
  paymentMethod: orders.paymentMethod,
  status: orders.status,
  isPaid: orders.isPaid,
  paidAt: orders.paidAt,
  isDelivered: orders.isDelivered,
  deliveredAt: orders.deliveredAt,
};

const listColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  createdAt: orders.createdAt,
  totalPrice: orders.totalPrice,
  orderCurrency: orders.orderCurrency,
  ...orderState,
  buyerName: users.name,
  buyerEmail: users.email,
  ...orderFacts,
};
const newestFirst = [desc(orders.createdAt), desc(orders.id)];

export async function ordersOfBuyer(db: Queryable, userId: string): Promise<OrderListRowData[]> {
  return db
    .select(listColumns)
    .from(orders)
    .innerJoin(users, buyerOfOrder)
    .where(eq(orders.userId, userId))
    .orderBy(...newestFirst);
}

/** The condition an order search adds (docs/decisions/0115-seller-and-operator-views.md). */
function searchCondition(search: OrderSearch | undefined) {
  if (!search) return undefined;
  switch (search.kind) {
    case 'orderNumber':
      return eq(orders.orderNumber, search.orderNumber);
    case 'orderSequence':
      return sql`${orders.orderNumber} like ${`HAAT-____-${search.suffix}`}`;
    case 'email':
      return sql`lower(${users.email}) = ${search.email}`;
    case 'phone':
      // Buyers' phones are 10 digits; sellers' may carry the country code in front.
      return or(eq(users.phone, search.phone), sql`right(${users.phone}, 10) = ${search.phone}`);
  }
}

export async function listOrders(
  db: Queryable,
  filter: { paid?: boolean; delivered?: boolean; search?: OrderSearch },
  page: number,
): Promise<{ rows: OrderListRowData[]; total: number }> {
  const where = and(
    filter.paid === undefined ? undefined : eq(orders.isPaid, filter.paid),
    filter.delivered === undefined ? undefined : eq(orders.isDelivered, filter.delivered),
    searchCondition(filter.search),
  );
  const [rows, counted] = await Promise.all([
    db
      .select(listColumns)
      .from(orders)
      .innerJoin(users, buyerOfOrder)
      .where(where)
      .orderBy(...newestFirst)
      .limit(ORDER_PAGE_SIZE)
      .offset((page - 1) * ORDER_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(users, buyerOfOrder)
      .where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function sellerHasLines(db: Queryable, orderId: string, sellerId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.sellerId, sellerId)))
    .limit(1);
  return rows.length > 0;
}

export type SellerLineData = OrderItemRow & {
  orderNumber: string;
  createdAt: Date;
  buyerId: string;
  buyerName: string;
  itemTotalPrice: string;
  paymentStatus: 'Pending' | 'Paid';
  paymentMethod: OrderRow['paymentMethod'];
  status: OrderRow['status'];
  isPaid: boolean;
  paidAt: Date | null;
  isDelivered: boolean;
  deliveredAt: Date | null;
};

/** One page of a seller's order lines, newest order first. */
export async function sellerLines(
  db: Queryable,
  sellerId: string,
  page: number,
): Promise<{ rows: SellerLineData[]; total: number }> {
  const where = eq(orderItems.sellerId, sellerId);
  const [rows, counted] = await Promise.all([
    db
      .select({
        item: orderItems,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        buyerId: users.id,
        buyerName: users.name,
        itemTotalPrice: sellerPayments.itemTotalPrice,
        paymentStatus: sellerPayments.paymentStatus,
        ...orderState,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, buyerOfOrder)
      .innerJoin(sellerPayments, eq(sellerPayments.orderItemId, orderItems.id))
      .where(where)
      .orderBy(...newestFirst, ...placementOrder)
      .limit(ORDER_PAGE_SIZE)
      .offset((page - 1) * ORDER_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(where),
  ]);
  return {
    rows: rows.map(({ item, ...rest }) => ({ ...item, ...rest })),
    total: counted[0]?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------------
// State changes: each a conditional UPDATE, so concurrent callers agree on who changed what
// ---------------------------------------------------------------------------------------------------------

export async function setPaid(
  db: Queryable,
  orderId: string,
  values: { method: OrderRow['paymentMethod']; paymentResult: Record<string, unknown>; paidAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      isPaid: true,
      paidAt: values.paidAt ?? sql`now()`,
      paymentMethod: values.method,
      paymentResult: values.paymentResult,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.isPaid, false), eq(orders.status, 'placed')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Marks a placed order delivered, once. Only a paid order, or a cash-on-delivery one (paid at the door),
 * can be delivered: an unpaid RazorPay/PayPal order is still waiting for its payment.
 */
export async function setDelivered(db: Queryable, orderId: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ isDelivered: true, deliveredAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.isDelivered, false),
        eq(orders.status, 'placed'),
        or(eq(orders.isPaid, true), eq(orders.paymentMethod, 'CashOnDelivery')),
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Orders still placed and unpaid, not cash on delivery, created before `before`: the ones that expire. */
const unpaidPlacedBefore = (before: Date) =>
  and(
    eq(orders.isPaid, false),
    eq(orders.status, 'placed'),
    ne(orders.paymentMethod, 'CashOnDelivery'),
    lt(orders.createdAt, before),
  );

/** Unpaid, placed RazorPay/PayPal orders created before `before`, oldest first (orders_unpaid_idx). */
export async function expiredOrderIds(db: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(unpaidPlacedBefore(before))
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Cancels the order if it is still placed, unpaid and not cash on delivery; true when this call did. */
export async function cancelUnpaid(tx: Queryable, orderId: string, before: Date, at: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
    .where(and(eq(orders.id, orderId), unpaidPlacedBefore(before)))
    .returning({ id: orders.id });
  return rows.length > 0;
}
