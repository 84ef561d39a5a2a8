import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import {
  ledgerEntries,
  orderItems,
  orders,
  payoutAccounts,
  payoutBatches,
  payoutItems,
  payouts,
  roles,
  sellerPayments,
  shops,
  taxDocuments,
  userRoles,
  users,
} from '../../db/schema/index.ts';
import type { LedgerEntryKind } from '#shared/ledger.ts';
import type { ReportEntry } from '#shared/ledger-reports.ts';
import { SELLER_ROLES } from '#shared/roles.ts';
import { bucketSql, type PayoutView } from './payouts.repo.ts';

/**
 * SQL of statements (docs/decisions/0122-statements-and-tax-withheld.md): a seller's ledger page with the
 * order, line, tax document and payout of each entry; payouts and their statements; the entries the
 * tax-withheld and totals reports fold; the ledger's view for the pending seller payments screen and
 * GSTR-8. Read only.
 */

/** Payout states whose money is on its way: their entries are 'in_payout'. */
export const OPEN_PAYOUT_STATES = ['draft', 'queued', 'processing'] as const;

const e = alias(ledgerEntries, 'e');

export type SellerRow = {
  id: string;
  name: string;
  shopName: string | null;
  gstin: string | null;
  active: boolean;
  isSeller: boolean;
  pan: string | null;
};

/** A user as the statements name it, whether it holds a seller role, and its payout account's PAN. */
export async function sellerRow(db: Queryable, id: string): Promise<SellerRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      shopName: shops.shopName,
      gstin: users.businessRegistrationCode,
      active: users.active,
      pan: payoutAccounts.pan,
      isSeller: sql<boolean>`exists (select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
        where ur.user_id = ${users.id} and r.name in (${sql.join(
          SELLER_ROLES.map((r) => sql`${r}`),
          sql`, `,
        )}))`,
    })
    .from(users)
    .leftJoin(shops, eq(shops.userId, users.id))
    .leftJoin(payoutAccounts, eq(payoutAccounts.sellerId, users.id))
    .where(eq(users.id, id));
  return row;
}

export type StatementEntryRow = {
  id: string;
  kind: LedgerEntryKind;
  amount: number;
  at: Date;
  cause: string;
  reversal: boolean;
  orderId: string | null;
  orderNumber: string | null;
  shipmentId: string | null;
  orderItemId: string | null;
  lineName: string | null;
  lineSize: string | null;
  lineColour: string | null;
  returnRequestId: string | null;
  taxDocumentId: string | null;
  taxDocumentNumber: string | null;
  /** The payout that claimed the entry, else the payout the entry is about (a returned payout). */
  payoutId: string | null;
  claimedBy: string | null;
  claimState: (typeof payouts.$inferSelect)['state'] | null;
  qty: number | null;
  base: number | null;
  rate: string | null;
  rule: string | null;
  note: string | null;
  /** The hold bucket of an unclaimed entry; null when a payout claimed it. */
  bucket: 'pending' | 'on_hold' | 'payable' | null;
};

function entryColumns(now: Date) {
  return {
    id: e.id,
    kind: e.kind,
    amount: e.amount,
    at: e.at,
    cause: e.cause,
    reversal: sql<boolean>`${e.reversalOf} is not null`,
    orderId: e.orderId,
    orderNumber: orders.orderNumber,
    shipmentId: e.shipmentId,
    orderItemId: e.orderItemId,
    lineName: orderItems.name,
    lineSize: orderItems.size,
    lineColour: orderItems.colour,
    returnRequestId: e.returnRequestId,
    taxDocumentId: e.taxDocumentId,
    taxDocumentNumber: taxDocuments.number,
    payoutId: sql<string | null>`coalesce(${payoutItems.payoutId}, ${e.payoutId})`,
    claimedBy: payoutItems.payoutId,
    claimState: payouts.state,
    qty: e.qty,
    base: e.base,
    rate: e.rate,
    rule: e.rule,
    note: e.note,
    bucket: sql<
      'pending' | 'on_hold' | 'payable' | null
    >`case when ${payoutItems.payoutId} is null then ${bucketSql(now)} end`,
  };
}

function entriesQuery(db: Queryable, now: Date, where: SQL | undefined) {
  return db
    .select(entryColumns(now))
    .from(e)
    .leftJoin(orders, eq(orders.id, e.orderId))
    .leftJoin(orderItems, eq(orderItems.id, e.orderItemId))
    .leftJoin(taxDocuments, eq(taxDocuments.id, e.taxDocumentId))
    .leftJoin(payoutItems, eq(payoutItems.entryId, e.id))
    .leftJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .where(where);
}

/** A page of a seller's entries, newest first, optionally within [start, end), and how many there are. */
export async function ledgerPage(
  db: Queryable,
  q: { sellerId: string; now: Date; offset: number; limit: number; range?: { start: Date; end: Date } },
): Promise<{ rows: StatementEntryRow[]; count: number }> {
  const where = and(
    eq(e.sellerId, q.sellerId),
    q.range ? gte(e.at, q.range.start) : undefined,
    q.range ? lt(e.at, q.range.end) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    entriesQuery(db, q.now, where)
      .orderBy(desc(e.at), desc(e.createdAt), desc(e.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(e)
      .where(where),
  ]);
  return { rows, count: counted?.n ?? 0 };
}

/** The entries a payout settled, oldest first, without the payout's own entry. */
export async function payoutEntries(
  db: Queryable,
  payoutId: string,
  now: Date,
): Promise<StatementEntryRow[]> {
  return entriesQuery(db, now, and(eq(payoutItems.payoutId, payoutId), ne(e.kind, 'payout'))).orderBy(
    asc(e.at),
    asc(e.createdAt),
    asc(e.id),
  );
}

/** What a seller's payouts hold: on their way (draft, queued, processing) and paid (processed). */
export async function payoutSums(
  db: Queryable,
  sellerId: string,
): Promise<{ inPayout: number; paid: number }> {
  const [row] = await db
    .select({
      inPayout: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${inArray(payouts.state, [...OPEN_PAYOUT_STATES])}), 0)::text`,
      paid: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.state} = 'processed'), 0)::text`,
    })
    .from(payouts)
    .where(eq(payouts.sellerId, sellerId));
  return { inPayout: Number(row?.inPayout ?? 0), paid: Number(row?.paid ?? 0) };
}

const payoutView = {
  payout: payouts,
  batchNumber: payoutBatches.number,
  sellerName: users.name,
};

/** A seller's payouts, newest first. */
export async function payoutsOfSeller(db: Queryable, sellerId: string): Promise<PayoutView[]> {
  const rows = await db
    .select(payoutView)
    .from(payouts)
    .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .where(eq(payouts.sellerId, sellerId))
    .orderBy(desc(payouts.createdAt), desc(payoutBatches.number));
  return rows.map((r) => ({ ...r.payout, batchNumber: r.batchNumber, sellerName: r.sellerName }));
}

/** The entries the reports fold, within [start, end), of one seller or all, of some kinds. */
export async function reportEntries(
  db: Queryable,
  q: { sellerId?: string; start: Date; end: Date; kinds: LedgerEntryKind[] },
): Promise<ReportEntry[]> {
  return db
    .select({
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      reversal: sql<boolean>`${ledgerEntries.reversalOf} is not null`,
      at: ledgerEntries.at,
      rate: ledgerEntries.rate,
    })
    .from(ledgerEntries)
    .where(
      and(
        q.sellerId ? eq(ledgerEntries.sellerId, q.sellerId) : undefined,
        inArray(ledgerEntries.kind, q.kinds),
        gte(ledgerEntries.at, q.start),
        lt(ledgerEntries.at, q.end),
      ),
    );
}

/** Processed payouts within [start, end) of their processing. */
export async function processedPayouts(
  db: Queryable,
  q: { start: Date; end: Date },
): Promise<{ amount: number; processedAt: Date }[]> {
  const rows = await db
    .select({ amount: payouts.amount, processedAt: payouts.processedAt })
    .from(payouts)
    .where(
      and(
        eq(payouts.state, 'processed'),
        isNotNull(payouts.processedAt),
        gte(payouts.processedAt, q.start),
        lt(payouts.processedAt, q.end),
      ),
    );
  return rows.map((r) => ({ amount: r.amount, processedAt: r.processedAt! }));
}

export type UnpaidOrderRow = {
  sellerId: string;
  sellerName: string;
  /** Null for the seller's entries without an order (adjustments, returned payouts). */
  orderId: string | null;
  orderNumber: string | null;
  firstEntryId: string;
  firstOrderItemId: string | null;
  /** The legacy seller payment record of the order's first line of the seller, when there is one. */
  recordId: string | null;
  amount: number;
};

/**
 * Per seller and order, the sum of the order's entries not yet paid out: unclaimed, or claimed by a
 * payout on its way (draft, queued, processing), never the payout's own 'payout' entry (that is the
 * money leaving, shown as 'in payout' on the statement). Entries claimed by a payout in a final state are
 * left out: processed ones are paid, and the money of a cancelled, failed or reversed payout is owed
 * again through its one unclaimed 'payout_reversal' entry. Entries without an order (adjustments, returned
 * payouts) make one row per seller with a null order. So a seller's rows sum to pending + on hold +
 * payable + in payout of its statement. Sums of zero are left out. By seller name, seller, order date
 * (the row without an order last).
 */
export async function unpaidByOrder(db: Queryable): Promise<UnpaidOrderRow[]> {
  const firstLine = sql<string | null>`(select oi.id from ${orderItems} oi
        where oi.order_id = ${orders.id} and oi.seller_id = ${ledgerEntries.sellerId}
        order by oi.position, oi.id limit 1)`;
  const rows = await db
    .select({
      sellerId: ledgerEntries.sellerId,
      sellerName: users.name,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      firstEntryId: sql<string>`(array_agg(${ledgerEntries.id} order by ${ledgerEntries.at}, ${ledgerEntries.id}))[1]`,
      firstOrderItemId: firstLine,
      recordId: sql<
        string | null
      >`(select sp.id from ${sellerPayments} sp where sp.order_item_id = ${firstLine}
        order by sp.id limit 1)`,
      amount: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .innerJoin(users, eq(users.id, ledgerEntries.sellerId))
    .leftJoin(payoutItems, eq(payoutItems.entryId, ledgerEntries.id))
    .leftJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .where(
      sql`(${payouts.id} is null or (${inArray(payouts.state, [...OPEN_PAYOUT_STATES])}
        and ${ledgerEntries.kind} <> 'payout'))`,
    )
    .groupBy(ledgerEntries.sellerId, users.name, orders.id, orders.orderNumber, orders.createdAt)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`)
    .orderBy(
      asc(users.name),
      asc(ledgerEntries.sellerId),
      sql`${orders.id} is null`,
      asc(orders.createdAt),
      asc(orders.id),
    );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

export type TcsRow = {
  sellerId: string;
  sellerName: string;
  /** The GSTIN frozen on the entry's tax document, else the seller's own now. */
  gstin: string | null;
  intraState: boolean;
  amount: number;
};

/**
 * TCS withheld within [start, end) (positive, net of reversals) per seller, GSTIN and kind of supply:
 * intra-state when the order line's supplier state is the order's place of supply (both frozen at order
 * time; a 0 % line has no CGST to tell by), else, for lines without them, when the line was taxed with CGST.
 */
export async function tcsOfPeriod(db: Queryable, q: { start: Date; end: Date }): Promise<TcsRow[]> {
  const gstin = sql<
    string | null
  >`coalesce(${taxDocuments.content}->'supplier'->>'gstin', ${users.businessRegistrationCode})`;
  const intra = sql<boolean>`coalesce(${orderItems.supplierStateCode} = ${orders.placeOfSupply},
    coalesce(${orderItems.cgst}, 0) > 0)`;
  const rows = await db
    .select({
      sellerId: ledgerEntries.sellerId,
      sellerName: users.name,
      gstin,
      intraState: intra,
      amount: sql<string>`(-sum(${ledgerEntries.amount}))::text`,
    })
    .from(ledgerEntries)
    .innerJoin(users, eq(users.id, ledgerEntries.sellerId))
    .leftJoin(orderItems, eq(orderItems.id, ledgerEntries.orderItemId))
    .leftJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(taxDocuments, eq(taxDocuments.id, ledgerEntries.taxDocumentId))
    .where(and(eq(ledgerEntries.kind, 'tcs'), gte(ledgerEntries.at, q.start), lt(ledgerEntries.at, q.end)))
    .groupBy(ledgerEntries.sellerId, users.name, gstin, intra);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}
