import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { codRemittanceOrders, codRemittances, orders, users } from '../../db/schema/index.ts';
import { parseMoney } from '#shared/money.ts';

/**
 * SQL of the cash Distributors collect on delivery (docs/decisions/0123-commission-rules-and-cod-remittance.md).
 * Who collected an order's cash is whoever marked it paid: its paymentResult's `markedBy._id`. An order's
 * cash is remitted once: cod_remittance_orders is keyed by the order.
 */

export type CodRemittanceRow = typeof codRemittances.$inferSelect;

export type OutstandingOrder = {
  orderId: string;
  orderNumber: string;
  /** The order's total in INR, paise. */
  amount: number;
  paidAt: Date;
  collectorId: string;
  collectorName: string;
};

const collectorIdSql = sql<string>`(${orders.paymentResult} -> 'markedBy' ->> '_id')`;

/**
 * Cash-on-delivery orders marked paid by someone, not cancelled, whose cash no remittance covers yet;
 * one collector's (or everybody's), oldest collection first. No index on the collector: the scan is over
 * paid cash-on-delivery orders, and a remitted order drops out at once.
 */
export async function outstandingOrders(db: Queryable, collectorId?: string): Promise<OutstandingOrder[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      amount: orders.totalPriceInr,
      paidAt: orders.paidAt,
      collectorId: collectorIdSql,
      collectorName: sql<string>`coalesce(${users.name}, ${orders.paymentResult} -> 'markedBy' ->> 'name', '')`,
    })
    .from(orders)
    .leftJoin(users, sql`${users.id}::text = ${collectorIdSql}`)
    .where(
      sql`${orders.paymentMethod} = 'CashOnDelivery' and ${orders.isPaid} and ${orders.status} <> 'cancelled'
        and ${collectorIdSql} is not null
        and not exists (select 1 from ${codRemittanceOrders} r where r.order_id = ${orders.id})
        ${collectorId ? sql`and ${collectorIdSql} = ${collectorId}` : sql``}`,
    )
    .orderBy(orders.paidAt, orders.orderNumber);
  return rows.map((r) => ({
    ...r,
    amount: parseMoney(r.amount),
    paidAt: r.paidAt ?? new Date(0),
  }));
}

export type RemittanceRecord = CodRemittanceRow & { distributorName: string; orderCount: number };

/** The latest remittances (of one collector, or everybody's), newest first. */
export async function latestRemittances(
  db: Queryable,
  limit: number,
  distributorId?: string,
): Promise<RemittanceRecord[]> {
  const rows = await db
    .select({
      remittance: codRemittances,
      distributorName: users.name,
      orderCount: sql<number>`(select count(*)::int from ${codRemittanceOrders} r where r.remittance_id = ${codRemittances.id})`,
    })
    .from(codRemittances)
    .innerJoin(users, eq(users.id, codRemittances.distributorId))
    .where(distributorId ? eq(codRemittances.distributorId, distributorId) : undefined)
    .orderBy(desc(codRemittances.createdAt), desc(codRemittances.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.remittance, distributorName: r.distributorName, orderCount: r.orderCount }));
}

export type OrderForRemittance = {
  id: string;
  orderNumber: string;
  paymentMethod: string;
  isPaid: boolean;
  status: string;
  collectorId: string | null;
  amount: number;
};

/** The orders, locked in id order (two remittances of overlapping orders wait, never deadlock). */
export async function lockOrders(tx: Queryable, ids: readonly string[]): Promise<OrderForRemittance[]> {
  const rows = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      paymentMethod: orders.paymentMethod,
      isPaid: orders.isPaid,
      status: orders.status,
      collectorId: sql<string | null>`${collectorIdSql}`,
      amount: orders.totalPriceInr,
    })
    .from(orders)
    .where(inArray(orders.id, [...ids]))
    .orderBy(orders.id)
    .for('update', { of: orders });
  return rows.map((r) => ({ ...r, amount: parseMoney(r.amount) }));
}

/** Which of the orders a remittance covers already (read after locking them, so a committed one shows). */
export async function remittedOrderIds(tx: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ orderId: codRemittanceOrders.orderId })
    .from(codRemittanceOrders)
    .where(inArray(codRemittanceOrders.orderId, [...ids]));
  return new Set(rows.map((r) => r.orderId));
}

export async function insertRemittance(
  tx: Queryable,
  values: typeof codRemittances.$inferInsert,
): Promise<CodRemittanceRow> {
  const [row] = await tx.insert(codRemittances).values(values).returning();
  if (!row) throw new Error('insertRemittance: no row');
  return row;
}

/** Links orders to a remittance; returns the ids linked (an order already remitted is not). */
export async function linkOrders(
  tx: Queryable,
  remittanceId: string,
  lines: { orderId: string; amount: number }[],
): Promise<string[]> {
  const rows = await tx
    .insert(codRemittanceOrders)
    .values(lines.map((l) => ({ ...l, remittanceId })))
    .onConflictDoNothing()
    .returning({ orderId: codRemittanceOrders.orderId });
  return rows.map((r) => r.orderId);
}
