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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { categories } from './catalog.ts';
import { orders } from './orders.ts';
import { returnRequests, shipments } from './fulfilment.ts';
import { createdAt, id, money, percent, updatedAt } from './_common.ts';

/**
 * GST as dated data, and the tax documents each seller issues (docs/product/gst-and-invoices.md;
 * docs/decisions/0116-gst-rates-as-dated-data.md and after). The rules that read these tables are pure
 * functions of src/shared/gst-rates.ts and src/shared/gst.ts.
 */

/** What the price slab is measured on: the discounted price per piece, or (SPEC's old rule) the larger of it and the line total. */
export const gstSlabBasis = pgEnum('gst_slab_basis', ['piece', 'piece_or_line']);

/**
 * One slab of a GST rate, in force on the India calendar dates [effectiveFrom, effectiveTo]. A rule is
 * keyed by an HSN prefix ('61', '6403') or by a category; a line takes the category's rules first, then
 * the longest matching prefix, then the category's own `tax`. Rows are never rewritten except to close an
 * open-ended rule when a later change is added.
 */
export const gstRates = pgTable(
  'gst_rates',
  {
    id: id(),
    hsnPrefix: text(),
    categoryId: uuid().references(() => categories.id, { onDelete: 'cascade' }),
    /** Inclusive bounds of the measured price, in INR paise; null upper bound = no limit. */
    fromPaise: bigint({ mode: 'number' }).notNull().default(0),
    toPaise: bigint({ mode: 'number' }),
    basis: gstSlabBasis().notNull().default('piece'),
    rate: percent().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    effectiveTo: date({ mode: 'string' }),
    /** Why the row exists (the notification or the Admin's note). */
    note: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('gst_rates_hsn_idx').on(t.hsnPrefix),
    index('gst_rates_category_idx').on(t.categoryId),
    check('gst_rates_one_key', sql`(${t.hsnPrefix} is null) <> (${t.categoryId} is null)`),
    check('gst_rates_rate_range', sql`${t.rate} >= 0 and ${t.rate} <= 100`),
    check('gst_rates_slab', sql`${t.toPaise} is null or ${t.toPaise} >= ${t.fromPaise}`),
    check('gst_rates_dates', sql`${t.effectiveTo} is null or ${t.effectiveTo} >= ${t.effectiveFrom}`),
  ],
);

export const invoiceMoment = pgEnum('invoice_moment', ['shipped', 'placed']);

/** The operator's tax settings: one row, id 1. */
export const gstSettings = pgTable('gst_settings', {
  id: smallint().primaryKey().default(1),
  /** When a shipment's tax invoice is issued: when it is shipped (default) or when the order is placed. */
  invoiceOn: invoiceMoment().notNull().default('shipped'),
  /** The marketplace as e-commerce operator (printed on every invoice) and as issuer of commission invoices. */
  operatorLegalName: text().notNull().default('Haat Marketplace Private Limited'),
  operatorGstin: text().notNull().default('29AAGCB7383J1Z4'),
  operatorAddress: text().notNull().default('12 Residency Road, Bengaluru 560025'),
  /** GST state code of the operator ('29' Karnataka). */
  operatorStateCode: text().notNull().default('29'),
  /** GST on the marketplace's commission and fees. */
  commissionGstRate: percent().notNull().default('18'),
  updatedAt: updatedAt(),
});

export const taxDocumentKind = pgEnum('tax_document_kind', ['invoice', 'credit_note', 'commission_invoice']);

/** Gap-free serial numbers: one row per series (e.g. `seller:<id>:invoice:2026-27`), bumped inside the issuing transaction. */
export const taxDocumentSeries = pgTable('tax_document_series', {
  scope: text().primaryKey(),
  last: integer().notNull(),
});

/**
 * A tax invoice, credit note or commission invoice, frozen when issued: `content` is the whole document
 * as served (src/shared/schemas/tax-documents.ts); the columns beside it are for lists and exports.
 * `sellerId` is the supplier of an invoice or credit note and the recipient of a commission invoice.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    kind: taxDocumentKind().notNull(),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'restrict' }),
    shipmentId: uuid().references(() => shipments.id, { onDelete: 'restrict' }),
    returnRequestId: uuid().references(() => returnRequests.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    invoiceId: uuid(),
    /** The event that caused it, unique: issuing twice for one cause returns the first document. */
    cause: text().notNull().unique(),
    /** '2026-27' (April to March). */
    financialYear: text().notNull(),
    serial: integer().notNull(),
    number: text().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    /** GST state code of the place of supply; null outside India. */
    placeOfSupply: text(),
    recipientGstin: text(),
    taxableValue: money().notNull(),
    cgst: money().notNull(),
    sgst: money().notNull(),
    igst: money().notNull(),
    total: money().notNull(),
    content: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tax_documents_seller_issued_idx').on(t.sellerId, t.issuedAt),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_invoice_idx').on(t.invoiceId),
    // A seller's invoices and credit notes are numbered per financial year; the operator's commission
    // invoices form one series of their own.
    uniqueIndex('tax_documents_seller_serial_key')
      .on(t.sellerId, t.kind, t.financialYear, t.serial)
      .where(sql`${t.kind} <> 'commission_invoice'`),
    uniqueIndex('tax_documents_operator_serial_key')
      .on(t.financialYear, t.serial)
      .where(sql`${t.kind} = 'commission_invoice'`),
  ],
);

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type GstRateRow = typeof gstRates.$inferSelect;
export type GstSettingsRow = typeof gstSettings.$inferSelect;
