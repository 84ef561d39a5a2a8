import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productVariants } from './catalog.ts';
import { orderItems, orders, paymentMethod, payments } from './orders.ts';
import { createdAt, id, money, updatedAt } from './_common.ts';

/**
 * The life of an order after 'Place Order' (docs/decisions/0109-shipments-per-seller.md and the ADRs after
 * it). States move only through the state machines of src/shared/fulfilment.ts; every move is a row in
 * `order_events`.
 */
export const shipmentState = pgEnum('shipment_state', [
  'placed',
  'accepted',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'returned_to_origin',
]);
export const shipmentKind = pgEnum('shipment_kind', ['order', 'exchange']);

/** One per seller per order (kind 'order'), plus one per approved exchange (kind 'exchange'). */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: shipmentKind().notNull().default('order'),
    /** For an exchange shipment: the return request it fulfils. */
    returnRequestId: uuid(),
    state: shipmentState().notNull().default('placed'),
    courier: text(),
    trackingNumber: text(),
    trackingUrl: text(),
    /** The delivery promise made when the order was placed (Asia/Kolkata calendar date). */
    expectedDeliveryDate: date({ mode: 'string' }),
    /** Buyer's delivery pincode, copied for the operator's filters. */
    pincode: text(),
    cancelReason: text(),
    /** 'buyer' | 'seller' | 'admin' | 'system'. */
    cancelledBy: text(),
    acceptedAt: timestamp({ withTimezone: true }),
    packedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    returnedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_order_seller_key')
      .on(t.orderId, t.sellerId)
      .where(sql`${t.kind} = 'order'`),
    uniqueIndex('shipments_exchange_key')
      .on(t.returnRequestId)
      .where(sql`${t.returnRequestId} is not null`),
    index('shipments_order_idx').on(t.orderId),
    index('shipments_seller_state_idx').on(t.sellerId, t.state, t.createdAt),
    index('shipments_state_idx').on(t.state, t.createdAt),
    index('shipments_pincode_idx').on(t.pincode),
    check('shipments_shipped_has_tracking', sql`${t.shippedAt} is null or ${t.trackingNumber} is not null`),
  ],
);

/** Every dated move of a shipment, return request or refund, and courier notices; what the buyer's timeline shows. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'shipment' | 'return' | 'refund'. */
    subject: text().notNull(),
    subjectId: uuid().notNull(),
    fromState: text(),
    /** The state entered, or a notice such as 'out_for_delivery' or 'pickup_scheduled'. */
    toState: text().notNull(),
    actorId: uuid(),
    /** 'buyer' | 'seller' | 'admin' | 'distributor' | 'system' | 'courier'. */
    actorRole: text().notNull(),
    note: text(),
    data: jsonb().$type<Record<string, unknown>>(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.at),
    index('order_events_subject_idx').on(t.subjectId),
  ],
);

export const returnKind = pgEnum('return_kind', ['return', 'exchange']);
export const returnState = pgEnum('return_state', [
  'requested',
  'approved',
  'rejected',
  'picked_up',
  'received',
  'refunded',
  'exchanged',
  'cancelled',
]);

/** A buyer's request to return or exchange some units of one order line. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shipmentId: uuid()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    buyerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: returnKind().notNull(),
    qty: integer().notNull(),
    /** A code of RETURN_REASONS in src/shared/fulfilment.ts. */
    reason: text().notNull(),
    comment: text().notNull().default(''),
    /** Upload URLs: up to 4 photos or one short video. */
    media: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** For an exchange: the size wanted, reserved at request time when in stock. */
    exchangeVariantId: uuid().references(() => productVariants.id, { onDelete: 'set null' }),
    exchangeReserved: boolean().notNull().default(false),
    state: returnState().notNull().default('requested'),
    rejectReason: text(),
    /** For a cash-on-delivery order: where the operator pays the refund ({ kind: 'upi'|'bank', … }). */
    refundAccount: jsonb().$type<Record<string, string>>(),
    pickupScheduledFor: date({ mode: 'string' }),
    approvedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_seller_state_idx').on(t.sellerId, t.state),
    index('return_requests_item_idx').on(t.orderItemId),
    check('return_requests_qty_positive', sql`${t.qty} > 0`),
  ],
);

export const refundState = pgEnum('refund_state', ['pending', 'processing', 'processed', 'failed']);

/**
 * Money going back to a buyer. `idempotencyKey` names the cause ('cancel:<shipment>', 'return:<request>',
 * 'late-payment:<payment>') so a cause is refunded once; the provider's refund id is unique too.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shipmentId: uuid().references(() => shipments.id, { onDelete: 'set null' }),
    returnRequestId: uuid().references(() => returnRequests.id, { onDelete: 'set null' }),
    paymentId: uuid().references(() => payments.id, { onDelete: 'set null' }),
    /** How it goes back: the provider paid with, or CashOnDelivery = the operator pays by bank/UPI. */
    method: paymentMethod().notNull(),
    idempotencyKey: text().notNull().unique(),
    /** INR amount and the amount in the currency charged (minor units of `currency`). */
    amountInr: money().notNull(),
    amountMinor: integer().notNull(),
    currency: text().notNull(),
    reason: text().notNull(),
    state: refundState().notNull().default('pending'),
    providerRefundId: text(),
    /** Bank transfer / UPI reference of a manual refund. */
    reference: text(),
    /** Where a manual refund goes (from the return request). */
    refundAccount: jsonb().$type<Record<string, string>>(),
    attempts: smallint().notNull().default(0),
    lastError: text(),
    raw: jsonb().$type<Record<string, unknown>>(),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('refunds_provider_refund_key').on(t.method, t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_state_idx').on(t.state, t.createdAt),
    check('refunds_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** India's pincodes (shipped data) with the operator's serviceability. */
export const pincodes = pgTable(
  'pincodes',
  {
    pincode: text().primaryKey(),
    state: text().notNull(),
    district: text().notNull(),
    serviceable: boolean().notNull().default(true),
    codAllowed: boolean().notNull().default(true),
    /** Largest cash-on-delivery order value in INR; null = the default of delivery_settings. */
    codLimit: money(),
  },
  (t) => [index('pincodes_state_idx').on(t.state)],
);

/** The operator's delivery and cash-on-delivery settings: one row, id 1. */
export const deliverySettings = pgTable('delivery_settings', {
  id: smallint().primaryKey().default(1),
  /** Working days to deliver by zone (docs/decisions: delivery promise). */
  daysSameCity: smallint().notNull().default(2),
  daysSameState: smallint().notNull().default(3),
  daysOtherState: smallint().notNull().default(5),
  daysSpecial: smallint().notNull().default(7),
  /** Working days a seller takes to hand a parcel over, added to the zone's days. */
  handlingDays: smallint().notNull().default(1),
  codLimit: money().notNull().default('50000'),
  /** Unpaid cash-on-delivery orders no seller accepted within this many hours are cancelled. */
  codUnacceptedHours: smallint().notNull().default(72),
  maxOpenCodOrders: smallint().notNull().default(3),
  maxOpenCodUnits: smallint().notNull().default(10),
  /** A buyer with this many parcels returned to origin is not offered cash on delivery; null = no limit. */
  maxRtoForCod: smallint(),
  updatedAt: updatedAt(),
});

/** Where a seller ships, when narrower than the operator's table (no row = everywhere serviceable). */
export const sellerDeliveryAreas = pgTable('seller_delivery_areas', {
  sellerId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** State names served; empty = every state. */
  states: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Pincode prefixes (1–6 digits) never served. */
  excludedPrefixes: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  codAllowed: boolean().notNull().default(true),
  handlingDays: smallint(),
  updatedAt: updatedAt(),
});
