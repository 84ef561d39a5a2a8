import { and, asc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  commissionRules,
  ledgerEntries,
  orderItems,
  orders,
  payoutAccounts,
  products,
  returnRequests,
  settlementSettings,
  shipments,
  taxDocuments,
  users,
} from '../../db/schema/index.ts';
import type { CommissionRule, EntryDraft, LineValue } from '#shared/ledger.ts';
import { parseMoney } from '#shared/money.ts';

/**
 * SQL of the seller ledger (docs/decisions/0120-seller-ledger.md): entries are only ever inserted, once per
 * kind, cause and order line (a unique key, so a retried or racing event writes nothing twice).
 */

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type LedgerEntryInsert = typeof ledgerEntries.$inferInsert;
export type SettlementSettingsRow = typeof settlementSettings.$inferSelect;

export async function readSettlementSettings(db: Queryable): Promise<SettlementSettingsRow> {
  const [row] = await db.select().from(settlementSettings).where(eq(settlementSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(settlementSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await readSettlementSettings(db));
}

/** Inserts entries; those whose (kind, cause, line) exists already are skipped. Returns what was written. */
export async function appendEntries(tx: Queryable, rows: LedgerEntryInsert[]): Promise<LedgerEntryRow[]> {
  const live = rows.filter((r) => r.amount !== 0);
  if (live.length === 0) return [];
  return tx.insert(ledgerEntries).values(live).onConflictDoNothing().returning();
}

/** The entry of a kind written for a cause without an order line (an adjustment), if any. */
export async function entryByCause(
  db: Queryable,
  kind: LedgerEntryRow['kind'],
  cause: string,
): Promise<LedgerEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.cause, cause), isNull(ledgerEntries.orderItemId)),
    );
  return row;
}

/** Draft → row, with the facts of the event. */
export function entryRow(
  draft: EntryDraft,
  facts: Omit<LedgerEntryInsert, 'kind' | 'amount' | 'qty' | 'base' | 'rate' | 'rule' | 'commissionRuleId'>,
): LedgerEntryInsert {
  return {
    ...facts,
    kind: draft.kind,
    amount: draft.amount,
    qty: draft.qty ?? null,
    base: draft.base ?? null,
    rate: draft.rate ?? null,
    rule: draft.rule ?? null,
    commissionRuleId: draft.commissionRuleId ?? null,
  };
}

export type SaleFacts = {
  shipment: { id: string; orderId: string; sellerId: string; kind: string; state: string };
  order: { createdAt: Date; paymentMethod: string; isPaid: boolean };
  lines: {
    orderItemId: string;
    productId: string | null;
    categoryId: string | null;
    qty: number;
    price: string;
    discount: string;
    taxAmount: string;
    percentageMarkup: string;
  }[];
  /** The seller's PAN: its verified payout account's, else the one inside its GSTIN. */
  pan: string | null;
  gstin: string | null;
  invoiceId: string | null;
};

/** What recording a shipment's sale needs, or undefined for no such shipment. */
export async function saleFacts(tx: Queryable, shipmentId: string): Promise<SaleFacts | undefined> {
  const [s] = await tx
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      sellerId: shipments.sellerId,
      kind: shipments.kind,
      state: shipments.state,
      createdAt: orders.createdAt,
      paymentMethod: orders.paymentMethod,
      isPaid: orders.isPaid,
      // A PAN counts once Admin has verified the account it came with; typed alone it proves nothing.
      pan: sql<string | null>`case when ${payoutAccounts.status} = 'verified' then ${payoutAccounts.pan} end`,
      gstin: users.businessRegistrationCode,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .innerJoin(users, eq(users.id, shipments.sellerId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.sellerId, shipments.sellerId))
    .where(eq(shipments.id, shipmentId));
  if (!s) return undefined;
  const lines = await tx
    .select({
      orderItemId: orderItems.id,
      productId: orderItems.productId,
      categoryId: products.categoryId,
      qty: orderItems.qty,
      price: orderItems.price,
      discount: orderItems.discount,
      taxAmount: orderItems.taxAmount,
      percentageMarkup: orderItems.percentageMarkup,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, s.orderId), eq(orderItems.sellerId, s.sellerId)))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  const [invoice] = await tx
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.shipmentId, shipmentId), eq(taxDocuments.kind, 'invoice')));
  return {
    shipment: { id: s.id, orderId: s.orderId, sellerId: s.sellerId, kind: s.kind, state: s.state },
    order: { createdAt: s.createdAt, paymentMethod: s.paymentMethod, isPaid: s.isPaid },
    lines,
    pan: s.pan,
    gstin: s.gstin,
    invoiceId: invoice?.id ?? null,
  };
}

/** Order lines' prices and markup as their sale was recorded (paise), by line id. */
export async function lineValues(tx: Queryable, orderItemIds: string[]): Promise<Map<string, LineValue>> {
  if (orderItemIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: orderItems.id,
      qty: orderItems.qty,
      price: orderItems.price,
      discount: orderItems.discount,
      markup: orderItems.percentageMarkup,
    })
    .from(orderItems)
    .where(inArray(orderItems.id, [...new Set(orderItemIds)]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        qty: r.qty,
        unitPrice: parseMoney(r.price),
        discountPerUnit: parseMoney(r.discount),
        markup: r.markup,
      },
    ]),
  );
}

const toRule = (r: typeof commissionRules.$inferSelect): CommissionRule => ({
  id: r.id,
  sellerId: r.sellerId,
  categoryId: r.categoryId,
  productId: r.productId,
  kind: r.kind,
  percent: r.percent,
  fixedPaise: r.fixedPaise,
  minPaise: r.minPaise,
  maxPaise: r.maxPaise,
  effectiveFrom: r.effectiveFrom,
  effectiveTo: r.effectiveTo,
});

/** Commission rules by id (those recorded on entries). */
export async function commissionRulesByIds(
  tx: Queryable,
  ids: string[],
): Promise<Map<string, CommissionRule>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(commissionRules)
    .where(inArray(commissionRules.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, toRule(r)]));
}

/** The commission rules that may apply to a seller's lines (its own, its categories', its products'). */
export async function commissionRulesFor(tx: Queryable, sellerId: string): Promise<CommissionRule[]> {
  const rows = await tx
    .select()
    .from(commissionRules)
    .where(sql`${commissionRules.sellerId} = ${sellerId} or ${commissionRules.sellerId} is null`)
    .orderBy(asc(commissionRules.createdAt), asc(commissionRules.id));
  return rows.map(toRule);
}

/** The sale entries of a shipment (what reversals take back from), with the units reversed so far of each. */
export async function saleEntriesOf(
  tx: Queryable,
  shipmentId: string,
): Promise<(LedgerEntryRow & { unitsReversed: number; amountReversed: number })[]> {
  // The outer row is named in full: in a one-table select drizzle writes `${ledgerEntries.id}` as a bare
  // "id", which inside the subquery would mean r.id, and no reversal would ever be counted.
  const outerId = sql.raw('"ledger_entries"."id"');
  const rows = await tx
    .select({
      entry: ledgerEntries,
      unitsReversed: sql<string>`coalesce((select sum(r.qty) from ${ledgerEntries} r where r.reversal_of = ${outerId}), 0)::text`,
      amountReversed: sql<string>`coalesce((select sum(r.amount) from ${ledgerEntries} r where r.reversal_of = ${outerId}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.shipmentId, shipmentId),
        // A line delivered before the ledger began carries its opening balance instead of a sale.
        or(eq(ledgerEntries.cause, `sale:${shipmentId}`), like(ledgerEntries.cause, 'opening:%')),
        isNull(ledgerEntries.reversalOf),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  return rows.map((r) => ({
    ...r.entry,
    unitsReversed: Number(r.unitsReversed),
    amountReversed: Number(r.amountReversed),
  }));
}

export type ReturnFacts = {
  id: string;
  kind: 'return' | 'exchange';
  shipmentId: string;
  orderId: string;
  orderItemId: string;
  qty: number;
  exchangeReserved: boolean;
  exchangeVariantId: string | null;
};

export async function returnFacts(tx: Queryable, returnRequestId: string): Promise<ReturnFacts | undefined> {
  const [r] = await tx
    .select({
      id: returnRequests.id,
      kind: returnRequests.kind,
      shipmentId: returnRequests.shipmentId,
      orderId: returnRequests.orderId,
      orderItemId: returnRequests.orderItemId,
      qty: returnRequests.qty,
      exchangeReserved: returnRequests.exchangeReserved,
      exchangeVariantId: returnRequests.exchangeVariantId,
    })
    .from(returnRequests)
    .where(eq(returnRequests.id, returnRequestId));
  return r;
}

/** The return request an exchange shipment carries. */
export async function returnOfShipment(tx: Queryable, shipmentId: string): Promise<string | null> {
  const [s] = await tx
    .select({ returnRequestId: shipments.returnRequestId })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  return s?.returnRequestId ?? null;
}

/** The credit note issued for a cause ('credit:cancel:<shipment>', 'credit:return:<request>'), if any. */
export async function creditNoteId(tx: Queryable, cause: string): Promise<string | null> {
  const [d] = await tx
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(eq(taxDocuments.cause, cause));
  return d?.id ?? null;
}

/** The INR amount (paise) a cash-on-delivery shipment collected: its lines' discounted value plus GST. */
export function collectedPaise(lines: SaleFacts['lines']): number {
  return lines.reduce(
    (n, l) => n + (parseMoney(l.price) - parseMoney(l.discount)) * l.qty + parseMoney(l.taxAmount),
    0,
  );
}

/** Every entry of some sellers, oldest first (tests and statements). */
export async function entriesOfSellers(db: Queryable, sellerIds: string[]): Promise<LedgerEntryRow[]> {
  if (sellerIds.length === 0) return [];
  return db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.sellerId, sellerIds))
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}
