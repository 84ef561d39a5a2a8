import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { ledgerEntries, orderItems, returnRequests, shipments, users } from '../../db/schema/index.ts';

/**
 * What a month's commission invoices are computed from (docs/decisions/0118-gst-returns-and-commission-invoices.md):
 * the order lines of the shipments delivered in the month, and the units returned (received back) in it.
 * The commission of each is what the seller's ledger recorded (the commission rule applied,
 * docs/decisions/0123-commission-rules-and-cod-remittance.md); lines from before the ledger carry none and
 * are computed from their category markup as before.
 */

export type CommissionUnitRecord = {
  sellerId: string;
  price: string;
  discount: string;
  qty: number;
  percentageMarkup: string;
  /** Paise of commission the ledger recorded (charged) or took back (credited); null = none recorded. */
  ledgerCommission: string | null;
};

/** The lines of every order shipment delivered in [start, end), per seller (exchanges carry no new sale). */
export async function deliveredLines(
  tx: Queryable,
  q: { start: Date; end: Date; sellerId?: string },
): Promise<CommissionUnitRecord[]> {
  return tx
    .select({
      sellerId: orderItems.sellerId,
      price: orderItems.price,
      discount: orderItems.discount,
      qty: orderItems.qty,
      percentageMarkup: orderItems.percentageMarkup,
      // Recorded when the line has its sale on the ledger (a 0 % rule writes no commission entry: 0).
      ledgerCommission: sql<string | null>`(select case when bool_or(e.kind = 'sale')
          then coalesce(-sum(e.amount) filter (where e.kind = 'commission'), 0)::text end
        from ${ledgerEntries} e
        where e.reversal_of is null and e.shipment_id = ${shipments.id} and e.order_item_id = ${orderItems.id})`,
    })
    .from(shipments)
    .innerJoin(
      orderItems,
      and(eq(orderItems.orderId, shipments.orderId), eq(orderItems.sellerId, shipments.sellerId)),
    )
    .where(
      and(
        eq(shipments.kind, 'order'),
        isNotNull(shipments.deliveredAt),
        gte(shipments.deliveredAt, q.start),
        lt(shipments.deliveredAt, q.end),
        q.sellerId ? eq(shipments.sellerId, q.sellerId) : undefined,
      ),
    );
}

/** The units of returns (not exchanges) received back in [start, end), with their line's prices. */
export async function returnedUnits(
  tx: Queryable,
  q: { start: Date; end: Date; sellerId?: string },
): Promise<CommissionUnitRecord[]> {
  return tx
    .select({
      sellerId: returnRequests.sellerId,
      price: orderItems.price,
      discount: orderItems.discount,
      qty: returnRequests.qty,
      percentageMarkup: orderItems.percentageMarkup,
      // Taken back when the return reversed anything on the ledger (its commission may round to 0).
      ledgerCommission: sql<string | null>`(select case when count(*) > 0
          then coalesce(sum(e.amount) filter (where e.kind = 'commission'), 0)::text end
        from ${ledgerEntries} e
        where e.reversal_of is not null and e.return_request_id = ${returnRequests.id})`,
    })
    .from(returnRequests)
    .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
    .where(
      and(
        eq(returnRequests.kind, 'return'),
        isNotNull(returnRequests.receivedAt),
        gte(returnRequests.receivedAt, q.start),
        lt(returnRequests.receivedAt, q.end),
        q.sellerId ? eq(returnRequests.sellerId, q.sellerId) : undefined,
      ),
    );
}

/**
 * The commission the ledger gave back in [start, end) on exchanges whose new size never arrived (the
 * buyer was refunded instead), per seller, in paise: these requests are exchanges, so `returnedUnits`
 * does not see them.
 */
export async function failedExchangeCredits(
  tx: Queryable,
  q: { start: Date; end: Date; sellerId?: string },
): Promise<{ sellerId: string; paise: number }[]> {
  const rows = await tx
    .select({
      sellerId: ledgerEntries.sellerId,
      paise: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(returnRequests, eq(returnRequests.id, ledgerEntries.returnRequestId))
    .where(
      and(
        eq(returnRequests.kind, 'exchange'),
        eq(ledgerEntries.kind, 'commission'),
        isNotNull(ledgerEntries.reversalOf),
        gte(ledgerEntries.at, q.start),
        lt(ledgerEntries.at, q.end),
        q.sellerId ? eq(ledgerEntries.sellerId, q.sellerId) : undefined,
      ),
    )
    .groupBy(ledgerEntries.sellerId);
  return rows.map((r) => ({ sellerId: r.sellerId, paise: Number(r.paise) }));
}

export type SellerParty = {
  id: string;
  name: string;
  gstin: string | null;
  address: string;
  city: string;
  state: string;
  postalCode: string | null;
  country: string;
};

export async function sellerParties(tx: Queryable, ids: readonly string[]): Promise<SellerParty[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: users.id,
      name: users.name,
      gstin: users.businessRegistrationCode,
      address: users.address,
      city: users.city,
      state: users.state,
      postalCode: users.postalCode,
      country: users.country,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}
