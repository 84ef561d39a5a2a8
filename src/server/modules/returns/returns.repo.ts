import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReturnState } from '#shared/fulfilment.ts';
import type { Queryable } from '../../db/client.ts';
import { orderItems, orders, productVariants, returnRequests, users } from '../../db/schema/index.ts';

/**
 * Return and exchange requests as stored (docs/decisions/0112-returns-and-exchanges.md). The state moves
 * with conditional UPDATEs on the state read, so two racing moves never both win.
 */

export type ReturnRow = typeof returnRequests.$inferSelect;

/** A request with what its wire shape shows: order number, the line, the people, the exchange size. */
export type ReturnView = ReturnRow & {
  orderNumber: string;
  lineName: string;
  lineImage: string[];
  lineSize: string | null;
  lineColour: string | null;
  buyerName: string;
  sellerName: string;
  exchangeSize: string | null;
  exchangeColour: string | null;
};

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

function viewQuery(db: Queryable) {
  return db
    .select({
      row: returnRequests,
      orderNumber: orders.orderNumber,
      lineName: orderItems.name,
      lineImage: orderItems.image,
      lineSize: orderItems.size,
      lineColour: orderItems.colour,
      buyerName: buyer.name,
      sellerName: seller.name,
      exchangeSize: productVariants.size,
      exchangeColour: productVariants.colour,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
    .innerJoin(buyer, eq(buyer.id, returnRequests.buyerId))
    .innerJoin(seller, eq(seller.id, returnRequests.sellerId))
    .leftJoin(productVariants, eq(productVariants.id, returnRequests.exchangeVariantId));
}

type ViewRecord = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];
const flatten = ({ row, ...rest }: ViewRecord): ReturnView => ({ ...row, ...rest });

export async function returnViewsOfOrder(db: Queryable, orderId: string): Promise<ReturnView[]> {
  const rows = await viewQuery(db)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id));
  return rows.map(flatten);
}

export async function returnView(db: Queryable, id: string): Promise<ReturnView | undefined> {
  const [row] = await viewQuery(db).where(eq(returnRequests.id, id));
  return row ? flatten(row) : undefined;
}

export type ReturnListFilter = { sellerId?: string; state?: ReturnState; page: number; pageSize: number };

/** A page of requests, newest first, with the number of pages. */
export async function listReturnViews(
  db: Queryable,
  f: ReturnListFilter,
): Promise<{ rows: ReturnView[]; total: number }> {
  const where: SQL[] = [];
  if (f.sellerId) where.push(eq(returnRequests.sellerId, f.sellerId));
  if (f.state) where.push(eq(returnRequests.state, f.state));
  const cond = where.length ? and(...where) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(cond);
  const rows = await viewQuery(db)
    .where(cond)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { rows: rows.map(flatten), total: count?.n ?? 0 };
}

export async function lockReturn(tx: Queryable, id: string): Promise<ReturnRow | undefined> {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
  return row;
}

export async function findReturn(db: Queryable, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
  return row;
}

/** Units of an order line held by requests in `states` (what a new request cannot take). */
export async function unitsHeld(
  db: Queryable,
  orderItemId: string,
  states: readonly ReturnState[],
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${returnRequests.qty}), 0)::int` })
    .from(returnRequests)
    .where(and(eq(returnRequests.orderItemId, orderItemId), inArray(returnRequests.state, [...states])));
  return row?.n ?? 0;
}

export async function insertReturn(
  tx: Queryable,
  values: typeof returnRequests.$inferInsert,
): Promise<ReturnRow> {
  const [row] = await tx.insert(returnRequests).values(values).returning();
  return row!;
}

/**
 * Moves a request from `from` to `to` with the columns given, only if it is still in `from`; undefined
 * when another move got there first.
 */
export async function updateReturnState(
  tx: Queryable,
  id: string,
  from: ReturnState,
  to: ReturnState,
  set: Partial<
    Pick<ReturnRow, 'rejectReason' | 'pickupScheduledFor' | 'approvedAt' | 'receivedAt' | 'exchangeReserved'>
  > = {},
  at: Date = new Date(),
): Promise<ReturnRow | undefined> {
  const [row] = await tx
    .update(returnRequests)
    .set({ ...set, state: to, updatedAt: at })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.state, from)))
    .returning();
  return row;
}
