import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products, productVariants } from './catalog.ts';
import { createdAt, id, money, percent, updatedAt } from './_common.ts';

export const paymentMethod = pgEnum('payment_method', ['RazorPay', 'PayPal', 'CashOnDelivery']);
export const orderStatus = pgEnum('order_status', ['placed', 'cancelled']);
export const sellerPaymentStatus = pgEnum('seller_payment_status', ['Pending', 'Paid']);

/** Addresses are snapshots taken when the order is placed, so later profile edits never rewrite history. */
export type ShippingAddressRow = {
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};
export type BillingAddressRow = ShippingAddressRow & { name: string };

/**
 * An amount in an order's currency. Three decimals, because some currencies have them (KWD, BHD, …);
 * INR amounts keep `money()`'s two.
 */
const orderMoney = () => numeric({ precision: 16, scale: 3 });

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /**
     * The number people see and say: HAAT-<year>-<six digits>, from a sequence (docs/decisions/0109-shipments-per-seller.md).
     * The UUID stays the id on the wire (`_id`).
     */
    orderNumber: text()
      .notNull()
      .unique()
      .default(
        sql`'HAAT-' || to_char(now() at time zone 'Asia/Kolkata', 'YYYY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
      ),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shippingAddress: jsonb().$type<ShippingAddressRow>().notNull(),
    billingAddress: jsonb().$type<BillingAddressRow>().notNull(),
    paymentMethod: paymentMethod().notNull().default('RazorPay'),
    /** Totals are in `orderCurrency`, computed by the server (docs/product/pricing-and-tax.md). */
    itemsPrice: orderMoney().notNull(),
    shippingPrice: orderMoney().notNull().default('0'),
    taxPrice: orderMoney().notNull(),
    discount: orderMoney().notNull().default('0'),
    totalPrice: orderMoney().notNull(),
    /** The same totals in INR, the currency the catalogue and payouts use. */
    totalPriceInr: money().notNull(),
    orderCurrency: text().notNull().default('INR'),
    /** Units of orderCurrency per 1 INR at placement time. */
    exchangeRate: numeric({ precision: 20, scale: 10 }).notNull().default('1'),
    couponCodes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: orderStatus().notNull().default('placed'),
    isPaid: boolean().notNull().default(false),
    paidAt: timestamp({ withTimezone: true }),
    paymentResult: jsonb().$type<Record<string, unknown>>(),
    isDelivered: boolean().notNull().default(false),
    deliveredAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    /** A business purchase: the buyer's GSTIN and business name, printed on its tax invoices (B2B). */
    buyerGstin: text(),
    buyerBusinessName: text(),
    /** GST state code of the delivery state (the place of supply); null outside India. */
    placeOfSupply: text(),
    idempotencyKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_unpaid_idx')
      .on(t.createdAt)
      .where(sql`not ${t.isPaid} and ${t.status} = 'placed'`),
    check('orders_paid_has_date', sql`not ${t.isPaid} or ${t.paidAt} is not null`),
    check('orders_delivered_has_date', sql`not ${t.isDelivered} or ${t.deliveredAt} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The line's place in the order as the buyer sent it (0, 1, …), for showing lines in that order. */
    position: smallint().notNull().default(0),
    name: text().notNull(),
    image: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    size: text(),
    /** The variant bought (docs/decisions/0102-product-variants.md); its colour and SKU are copied. */
    variantId: uuid().references(() => productVariants.id, { onDelete: 'set null' }),
    colour: text(),
    sku: text(),
    qty: integer().notNull(),
    /** Unit prices in INR, as listed when the order was placed. */
    price: money().notNull(),
    currency: text().notNull().default('INR'),
    discountedPrice: money().notNull(),
    /** Discount per unit in INR. */
    discount: money().notNull().default('0'),
    hsn: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** GST rate in percent applied to this line. */
    tax: percent().notNull(),
    /** GST of the whole line in INR: cgst + sgst + igst, each rounded half-up on its own. */
    taxAmount: money().notNull(),
    /** The seller's GST state code when the order was placed (from its GSTIN, else its address). */
    supplierStateCode: text(),
    /** The line's GST by component in INR: CGST + SGST within a state, IGST across states. */
    cgst: money().notNull().default('0'),
    sgst: money().notNull().default('0'),
    igst: money().notNull().default('0'),
    /**
     * The same line in the order's currency, as the buyer was shown and charged it (each unit price
     * converted once, half-up; the line's GST computed from the converted price; ADR 0044). Placing an
     * order always writes them; null (rows written directly, e.g. by tests) reads as the INR amount,
     * which is only right for INR orders.
     */
    orderPrice: orderMoney(),
    orderDiscountedPrice: orderMoney(),
    orderTaxAmount: orderMoney(),
    percentageMarkup: percent().notNull().default('0'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_seller_idx').on(t.sellerId),
    check('order_items_qty_positive', sql`${t.qty} > 0`),
  ],
);

/** One record per order line: what the marketplace owes the seller (docs/product/api.md#resources, docs/product/pricing-and-tax.md). */
export const sellerPayments = pgTable(
  'seller_payments',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid()
      .notNull()
      .unique()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    sellerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    itemTotalPrice: money().notNull(),
    currency: text().notNull().default('INR'),
    paymentStatus: sellerPaymentStatus().notNull().default('Pending'),
    paymentDate: timestamp({ withTimezone: true }),
    /** What cancellations and returns took back from `itemTotalPrice` (INR); the seller is owed the rest. */
    reversedAmount: money().notNull().default('0'),
    reversedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('seller_payments_seller_idx').on(t.sellerId, t.paymentStatus)],
);

/**
 * Provider payments. The unique provider payment id is what makes "mark paid" happen once, whether the
 * browser callback or the webhook arrives first (docs/product/payments.md).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: paymentMethod().notNull(),
    providerOrderId: text(),
    providerPaymentId: text(),
    amountMinor: integer().notNull(),
    currency: text().notNull(),
    status: text().notNull().default('created'),
    raw: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    unique('payments_provider_order_key').on(t.provider, t.providerOrderId),
    index('payments_order_idx').on(t.orderId),
  ],
);
