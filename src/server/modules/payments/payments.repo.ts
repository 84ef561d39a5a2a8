import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orders, payments } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type Provider = PaymentRow['provider'];

/** The order fields payments need. */
export type PayableOrder = Pick<
  typeof orders.$inferSelect,
  'id' | 'userId' | 'status' | 'isPaid' | 'paymentMethod' | 'totalPrice' | 'totalPriceInr' | 'orderCurrency'
>;

export async function findPayableOrder(db: Queryable, orderId: string): Promise<PayableOrder | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      isPaid: orders.isPaid,
      paymentMethod: orders.paymentMethod,
      totalPrice: orders.totalPrice,
      totalPriceInr: orders.totalPriceInr,
      orderCurrency: orders.orderCurrency,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

export async function insertPayment(
  db: Queryable,
  values: Pick<
    typeof payments.$inferInsert,
    'orderId' | 'provider' | 'providerOrderId' | 'amountMinor' | 'currency' | 'raw'
  >,
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, status: 'created' })
    .returning();
  return row!;
}

export async function findByProviderOrder(
  db: Queryable,
  provider: Provider,
  providerOrderId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerOrderId, providerOrderId)));
  return row;
}

/** The newest provider order still waiting for its payment, to reuse instead of creating another. */
export async function latestOpenPayment(
  db: Queryable,
  orderId: string,
  provider: Provider,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), eq(payments.provider, provider), eq(payments.status, 'created')),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row;
}

/**
 * Attach the provider's payment id to its payment row, once: a conditional UPDATE, so of a browser
 * callback and a webhook racing, exactly one gets true. The unique (provider, provider_payment_id) key
 * refuses the same payment on a second row.
 */
export async function claimPayment(
  db: Queryable,
  paymentRowId: string,
  providerPaymentId: string,
  raw: Record<string, unknown>,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ providerPaymentId, status: 'paid', raw, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentRowId), isNull(payments.providerPaymentId)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Record a refused or mismatched attempt on a row still waiting (never on a paid one). */
export async function markAttempt(
  db: Queryable,
  paymentRowId: string,
  status: string,
  raw: Record<string, unknown>,
) {
  await db
    .update(payments)
    .set({ status, raw, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentRowId), isNull(payments.providerPaymentId)));
}
