import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { categories, products } from './catalog.ts';
import { orderItems, orders } from './orders.ts';
import { returnRequests, shipments } from './fulfilment.ts';
import { taxDocuments } from './gst.ts';
import { createdAt, id, percent, updatedAt } from './_common.ts';

/**
 * Seller money (docs/product/settlements.md; docs/decisions/0120-seller-ledger.md and after): an append-only
 * ledger in integer paise per seller, the commission rules it applies, payout accounts, payout batches
 * and payouts, and the cash Distributors collect on delivery and remit. The rules that compute the
 * amounts are pure functions of src/shared/ledger.ts.
 */

/** Paise as a JavaScript number (safe up to ₹90 trillion). */
const paise = () => bigint({ mode: 'number' });

export const ledgerEntryKind = pgEnum('ledger_entry_kind', [
  /** The line's taxable value, owed to the seller (+). */
  'sale',
  /** The GST the seller invoiced on the line and must pay to the government (+). */
  'sale_gst',
  /** The marketplace's commission (−). */
  'commission',
  /** GST on the commission (−). */
  'commission_gst',
  /** Tax collected at source, section 52 CGST Act (−). */
  'tcs',
  /** Tax deducted at source, section 194-O Income-tax Act (−). */
  'tds',
  /** Cash-on-delivery collection fee (−). */
  'cod_fee',
  /** An Admin's correction with a reason (±). */
  'adjustment',
  /** Money sent to the seller (−). */
  'payout',
  /** A payout that failed, was rejected or came back: the money is owed again (+). */
  'payout_reversal',
]);

/**
 * One movement of a seller's money, never updated or deleted (a trigger refuses both; a correction is a
 * new entry). `amount` is signed paise: + the marketplace owes it to the seller, − the seller owes it or
 * was paid it. The sum of a seller's entries is its balance. `cause` names the event ('sale:<shipment>',
 * 'cancel:<shipment>', 'rto:<shipment>', 'return:<request>', 'payout:<payout>', 'payout-reversal:<payout>',
 * 'adjustment:<id>'); one entry per kind, cause and order line, so an event writes its entries once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: ledgerEntryKind().notNull(),
    amount: paise().notNull(),
    cause: text().notNull(),
    /** The entry this one reverses (its kind is the same, its sign the opposite). */
    reversalOf: uuid(),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    shipmentId: uuid().references(() => shipments.id, { onDelete: 'restrict' }),
    orderItemId: uuid().references(() => orderItems.id, { onDelete: 'restrict' }),
    returnRequestId: uuid().references(() => returnRequests.id, { onDelete: 'restrict' }),
    /** The tax invoice (sale) or credit note (reversal) the entry belongs to, when one was issued. */
    taxDocumentId: uuid().references(() => taxDocuments.id, { onDelete: 'restrict' }),
    payoutId: uuid(),
    commissionRuleId: uuid(),
    /** Units of the line the entry covers (a reversal: the units it reverses). */
    qty: integer(),
    /** What a percentage was taken of, in paise, and the percentage ('0.5'), for the statement. */
    base: paise(),
    rate: text(),
    /** The commission rule applied, in words ('Category markup 15%', 'Seller rule: ₹40.00 per unit'). */
    rule: text(),
    /** An adjustment's reason, a reversal's or payout's note. */
    note: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    /** When the causing event happened. */
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_entries_cause_key').on(t.kind, t.cause, t.orderItemId).nullsNotDistinct(),
    index('ledger_entries_seller_at_idx').on(t.sellerId, t.at),
    index('ledger_entries_shipment_idx').on(t.shipmentId),
    index('ledger_entries_payout_idx').on(t.payoutId),
    index('ledger_entries_reversal_idx').on(t.reversalOf),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);

export const commissionRuleKind = pgEnum('commission_rule_kind', ['percent', 'fixed']);

/**
 * An Admin's commission rule for a seller, a category, a product or a seller within a category. The most
 * specific rule in force on the order's date wins; with none, the category markup the line carries.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: id(),
    sellerId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid().references(() => categories.id, { onDelete: 'cascade' }),
    productId: uuid().references(() => products.id, { onDelete: 'cascade' }),
    kind: commissionRuleKind().notNull(),
    /** percent: the share of the discounted line value. */
    percent: percent(),
    /** fixed: paise per unit. */
    fixedPaise: paise(),
    /** Bounds per unit, in paise. */
    minPaise: paise(),
    maxPaise: paise(),
    /** India calendar dates, inclusive. */
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
    note: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'commission_rules_scope',
      sql`${t.sellerId} is not null or ${t.categoryId} is not null or ${t.productId} is not null`,
    ),
    check(
      'commission_rules_value',
      sql`(${t.kind} = 'percent' and ${t.percent} is not null and ${t.percent} >= 0 and ${t.percent} <= 100)
        or (${t.kind} = 'fixed' and ${t.fixedPaise} is not null and ${t.fixedPaise} >= 0)`,
    ),
    check(
      'commission_rules_bounds',
      sql`${t.minPaise} is null or ${t.maxPaise} is null or ${t.maxPaise} >= ${t.minPaise}`,
    ),
    check('commission_rules_dates', sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`),
  ],
);

export const payoutAccountMethod = pgEnum('payout_account_method', ['bank', 'upi']);
export const payoutAccountStatus = pgEnum('payout_account_status', ['unverified', 'verified', 'rejected']);

/** Where a seller is paid: a bank account (IFSC) or a UPI id, with its PAN; verified by Admin before the first payout. */
export const payoutAccounts = pgTable('payout_accounts', {
  sellerId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: payoutAccountMethod().notNull(),
  accountHolder: text().notNull(),
  accountNumber: text(),
  ifsc: text(),
  vpa: text(),
  /** Permanent Account Number; without it TDS is withheld at the higher rate. */
  pan: text(),
  status: payoutAccountStatus().notNull().default('unverified'),
  rejectReason: text(),
  verifiedAt: timestamp({ withTimezone: true }),
  verifiedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const saleMoment = pgEnum('sale_moment', ['delivered', 'shipped']);
export const payoutRail = pgEnum('payout_rail', ['razorpayx', 'bank_file']);

/** The operator's settlement settings: one row, id 1. */
export const settlementSettings = pgTable('settlement_settings', {
  id: smallint().primaryKey().default(1),
  /** When a shipment's sale entries are written. */
  saleOn: saleMoment().notNull().default('delivered'),
  /** Days between settlement cycles (7 = weekly). */
  cycleDays: integer().notNull().default(7),
  tcsRate: percent().notNull().default('0.5'),
  tdsRate: percent().notNull().default('0.1'),
  tdsRateWithoutPan: percent().notNull().default('5'),
  /** Cash-on-delivery collection fee per shipment: fixed paise plus a percentage of its value (GST included). */
  codFeePaise: paise().notNull().default(0),
  codFeePercent: percent().notNull().default('0'),
  /** How payouts are sent unless a batch says otherwise. */
  payoutRail: payoutRail().notNull().default('razorpayx'),
  /** A seller's payable balance below this (paise) waits for the next cycle. */
  minimumPayoutPaise: paise().notNull().default(100),
  updatedAt: updatedAt(),
});

export const payoutBatchState = pgEnum('payout_batch_state', ['draft', 'approved', 'rejected']);

/** A settlement cycle's payouts, prepared by the timer or an Admin and approved (or rejected) by an Admin. */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: id(),
    /** Shown as 'Batch 12'. */
    number: integer().generatedAlwaysAsIdentity(),
    state: payoutBatchState().notNull().default('draft'),
    rail: payoutRail().notNull(),
    /** Entries released by this moment were paid. */
    cutoff: timestamp({ withTimezone: true }).notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payout_batches_created_idx').on(t.createdAt)],
);

export const payoutState = pgEnum('payout_state', [
  /** In a batch not yet approved. */
  'draft',
  /** Approved, waiting for the job that sends it. */
  'queued',
  /** Accepted by the provider (or in a bank file), not yet settled. */
  'processing',
  'processed',
  /** The provider gave it back after processing (payout.reversed): owed again. */
  'reversed',
  /** The provider refused it: owed again. */
  'failed',
  /** Its batch was rejected: owed again. */
  'cancelled',
]);

/**
 * Money sent to one seller in one batch: exactly once (the idempotency key sent to the provider is the
 * payout id; the provider's payout id is unique). `account` is where it went, frozen.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    batchId: uuid()
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'restrict' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: paise().notNull(),
    state: payoutState().notNull().default('draft'),
    rail: payoutRail().notNull(),
    account: jsonb().$type<Record<string, string>>().notNull(),
    providerPayoutId: text().unique(),
    /** The bank's reference (UTR) once processed. */
    utr: text(),
    failureReason: text(),
    attempts: smallint().notNull().default(0),
    lastError: text(),
    processedAt: timestamp({ withTimezone: true }),
    reversedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payouts_batch_seller_key').on(t.batchId, t.sellerId),
    index('payouts_seller_idx').on(t.sellerId, t.createdAt),
    index('payouts_state_idx').on(t.state),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Which payout settled which ledger entry: each entry is paid by at most one payout. */
export const payoutItems = pgTable(
  'payout_items',
  {
    entryId: uuid()
      .primaryKey()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    payoutId: uuid()
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
  },
  (t) => [index('payout_items_payout_idx').on(t.payoutId)],
);

/** Cash a Distributor handed to the operator for cash-on-delivery orders it marked paid. */
export const codRemittances = pgTable(
  'cod_remittances',
  {
    id: id(),
    distributorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: paise().notNull(),
    reference: text().notNull(),
    receivedOn: date({ mode: 'string' }).notNull(),
    note: text().notNull().default(''),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('cod_remittances_distributor_idx').on(t.distributorId, t.receivedOn),
    check('cod_remittances_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The orders a remittance covers: an order's cash is remitted once. */
export const codRemittanceOrders = pgTable(
  'cod_remittance_orders',
  {
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    remittanceId: uuid()
      .notNull()
      .references(() => codRemittances.id, { onDelete: 'restrict' }),
    amount: paise().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId] }),
    index('cod_remittance_orders_remittance_idx').on(t.remittanceId),
  ],
);
