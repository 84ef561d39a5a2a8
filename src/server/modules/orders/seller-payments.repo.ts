import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orders, sellerPayments } from '../../db/schema/index.ts';

/**
 * SQL for seller payment records (docs/product/pricing-and-tax.md#seller-payouts): one per order line,
 * written Pending by the order transaction. The pending list reads the ledger instead (ADR 0122).
 */

export type SellerPaymentRow = typeof sellerPayments.$inferSelect;

export type PaymentRecordRef = { id: string; orderStatus: string; orderPaid: boolean };

/** The record of an order line, by its own id or the line's id, with its order's state. */
export async function findRecord(
  db: Queryable,
  by: { id: string } | { orderItemId: string },
): Promise<PaymentRecordRef | undefined> {
  const match = 'id' in by ? eq(sellerPayments.id, by.id) : eq(sellerPayments.orderItemId, by.orderItemId);
  const [row] = await db
    .select({ id: sellerPayments.id, orderStatus: orders.status, orderPaid: orders.isPaid })
    .from(sellerPayments)
    .innerJoin(orders, eq(orders.id, sellerPayments.orderId))
    .where(match);
  return row;
}

/**
 * Set a record's status. Paid only while the order is still placed and the buyer's money is in: one
 * conditional update, so the expiry job cancelling the order in between cannot slip a payout through.
 * Undefined when nothing was updated. `paymentDate` null with Paid means now.
 */
export async function setStatus(
  db: Queryable,
  id: string,
  status: SellerPaymentRow['paymentStatus'],
  paymentDate: Date | null,
): Promise<SellerPaymentRow | undefined> {
  const paying = status === 'Paid';
  const [row] = await db
    .update(sellerPayments)
    .set({ paymentStatus: status, paymentDate: paying ? (paymentDate ?? sql`now()`) : null })
    .where(
      and(
        eq(sellerPayments.id, id),
        paying
          ? sql`exists (select 1 from ${orders} where ${orders.id} = ${sellerPayments.orderId}
              and ${orders.status} = 'placed' and ${orders.isPaid})`
          : undefined,
      ),
    )
    .returning();
  return row;
}
