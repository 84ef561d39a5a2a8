import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
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

/**
 * Locks the products being ordered, in id order (the lock order every order and restock uses, so they
 * cannot deadlock), and returns them, inactive ones included. FOR NO KEY UPDATE is the lock the variant
 * trigger's update of the row would take anyway; taking it first, before any variant, keeps the order
 * product → variant that product edits follow too.
 */
export async function lockProducts(tx: Queryable, productIds: readonly string[]): Promise<OrderedProduct[]> {
  if (productIds.length === 0) return [];
  return tx
    .select({
      id: products.id,
      name: products.name,
      price: products.price,
      currency: products.currency,
      status: products.status,
      percentageMarkup: products.percentageMarkup,
      categoryId: products.categoryId,
      sellerId: products.userId,
    })
    .from(products)
    .where(inArray(products.id, [...productIds]))
    .orderBy(asc(products.id))
    .for('no key update');
}

export type StockVariant = {
  id: string;
  productId: string;
  size: string;
  colour: string | null;
  sku: string;
  countInStock: number;
  price: string | null;
};

const stockVariantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  size: productVariants.size,
  colour: productVariants.colour,
  sku: productVariants.sku,
  countInStock: productVariants.countInStock,
  price: productVariants.price,
};

/** The variants of some products, each product's in display order. */
export async function variantsOfProducts(
  tx: Queryable,
  productIds: readonly string[],
): Promise<Map<string, StockVariant[]>> {
  const byProduct = new Map<string, StockVariant[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await tx
    .select(stockVariantColumns)
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.createdAt));
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

/**
 * Takes `qty` units of a variant, only if that many remain: the variant as it is now, or undefined when
 * nothing was taken. Its product's count_in_stock follows by trigger.
 */
export async function takeVariantStock(
  tx: Queryable,
  variantId: string,
  qty: number,
): Promise<StockVariant | undefined> {
  const rows = await tx
    .update(productVariants)
    .set({ countInStock: sql`${productVariants.countInStock} - ${qty}` })
    .where(and(eq(productVariants.id, variantId), gte(productVariants.countInStock, qty)))
    .returning(stockVariantColumns);
  return rows[0];
}

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

/** Category tax, discount, images and seller name of the products being ordered, in one query. */
export async function pricingFacts(tx: Queryable, productIds: string[]): Promise<Map<string, PricingFacts>> {
  const rows = await tx
    .select({
      productId: products.id,
      categoryId: categories.id,
      hsn: categories.hsn,
      categoryTax: categories.tax,
      sellerName: users.name,
      images: sql<
        string[]
      >`coalesce((select array_agg(${productImages.url} order by ${productImages.position}, ${productImages.id}) from ${productImages} where ${productImages.productId} = ${products.id}), '{}'::text[])`,
      discountValue: productDiscounts.discountValue,
      discountUnit: productDiscounts.discountUnit,
      validUntil: productDiscounts.validUntil,
      couponCode: productDiscounts.couponCode,
      activate: productDiscounts.activate,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.userId))
    .leftJoin(productDiscounts, eq(productDiscounts.productId, products.id))
    .where(inArray(products.id, productIds));
  return new Map(
    rows.map((r) => [
      r.productId,
      {
        productId: r.productId,
        categoryId: r.categoryId,
        hsn: r.hsn,
        categoryTax: r.categoryTax,
        sellerName: r.sellerName,
        images: r.images,
        discount:
          r.discountValue !== null && r.discountUnit !== null && r.validUntil !== null && r.activate !== null
            ? {
                discountValue: r.discountValue,
                discountUnit: r.discountUnit,
                validUntil: r.validUntil,
                couponCode: r.couponCode,
                activate: r.activate,
              }
            : null,
      },
    ]),
  );
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
