import { z } from 'zod';
import { isValidAddressPostalCode } from '../checkout.ts';
import { currencyCodeSchema } from './currency.ts';
import { MSG } from '../messages.ts';
import { ORDER_PROGRESS_STATES } from '../order-progress.ts';
import { POSTAL_CODE_MAX_LENGTH } from '../postal-code.ts';
import { idSchema, isoDate, moneySchema, pageQuery } from './common.ts';
import { businessPurchaseSchema } from './gst.ts';
import { isCityOptional, nameSchema, placeFields } from './user.ts';
import { classifyOrderSearch, ORDER_SEARCH_HINT } from '../order-search.ts';

/**
 * Checkout and order payloads (docs/product/api.md#resources Order, Order item, Shipping / Billing address, Payment method,
 * Seller payment record; docs/product/messages.md Checkout; docs/product/api.md Orders and payments; docs/product/api.md#wire-conventions, docs/product/pricing-and-tax.md). The checkout forms
 * (zodResolver) and the server's routes use these same schemas.
 *
 * Money on the wire is a decimal number in major units. Order totals AND order item prices are in the
 * order's currency (`orderCurrency`, converted once with the order's `exchangeRate` when it was placed);
 * seller lines and seller payments are in INR, the catalogue's and the payouts' currency.
 */

export const ORDER_MSG = {
  emptyOrder: MSG.cartEmpty,
  tooManyLines: 'An order can hold at most 100 lines',
  qty: 'Quantity must be a whole number of at least 1',
  qtyTooLarge: 'Quantity is too large',
  postalRequired: 'Please enter a postal code',
  cityRequired: 'Please select a city',
  couponTooLong: 'Coupon code is too long',
} as const;

/** Admin and seller order tables hold 20 rows (docs/product/api.md#wire-conventions). */
export const ORDER_PAGE_SIZE = 20;
export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QTY = 10_000;

/**
 * GET /api/config/orders: the order settings the storefront needs. `qtyLimit` is the most units of one
 * item (product variant) an order may hold (ORDER_QTY_LIMIT; src/shared/order-quantity.ts): the quantity
 * steppers stop there, and the server refuses a line above it.
 */
export const orderSettingsSchema = z.object({ qtyLimit: z.number().int().min(1) });
export type OrderSettings = z.infer<typeof orderSettingsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Addresses and payment method (the checkout steps)
// ---------------------------------------------------------------------------------------------------------

const addressFields = {
  address: placeFields.address,
  country: placeFields.country,
  state: placeFields.state,
  city: placeFields.city,
  postalCode: z
    .string()
    .trim()
    .min(1, ORDER_MSG.postalRequired)
    .max(POSTAL_CODE_MAX_LENGTH, ORDER_MSG.postalRequired),
};

/** City may be blank only for Hong Kong, Macau and Taiwan (docs/product/messages.md); postal code checked per country. */
function addressRules(postalMessage: string) {
  return (v: { country: string; city: string; postalCode: string }, ctx: z.RefinementCtx) => {
    if (!isCityOptional(v.country) && v.city.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['city'], message: ORDER_MSG.cityRequired });
    }
    if (v.postalCode !== '' && v.country !== '' && !isValidAddressPostalCode(v.country, v.postalCode)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: postalMessage });
    }
  };
}

/**
 * Shipping address (docs/product/api.md#resources): country is the name the places API lists ("India"); its ISO2 code also works.
 * The postal code must fit the country's pattern, else docs/product/messages.md's alert text.
 */
export const shippingAddressSchema = z
  .object(addressFields)
  .strict()
  .superRefine(addressRules(MSG.invalidShippingPostal));
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/** Billing address when not the same as shipping: also a name (docs/product/api.md#resources, docs/product/messages.md). */
export const billingAddressSchema = z
  .object({ name: nameSchema, ...addressFields })
  .strict()
  .superRefine(addressRules(MSG.invalidBillingPostal));
export type BillingAddress = z.infer<typeof billingAddressSchema>;
export type BillingAddressInput = z.input<typeof billingAddressSchema>;

export const PAYMENT_METHODS = ['RazorPay', 'PayPal', 'CashOnDelivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** docs/product/api.md#resources: RazorPay by default. */
export const paymentMethodSchema = z
  .enum(PAYMENT_METHODS, { message: 'Please choose a payment method' })
  .default('RazorPay');

export const ORDER_STATUSES = ['placed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------------
// POST /api/orders
// ---------------------------------------------------------------------------------------------------------

/**
 * Fields a docs/product/api.md client sends that the server never trusts (docs/product/pricing-and-tax.md): totals on the order; cart and
 * order item copies of catalogue data on each line. They are accepted so such clients keep working, then
 * dropped by the schema before any code sees them; the server prices everything from the database.
 * Any other unknown field (`user`, `isPaid`, …) is refused with 400.
 */
const ignoredOrderFields = {
  itemsPrice: z.unknown().optional(),
  shippingPrice: z.unknown().optional(),
  taxPrice: z.unknown().optional(),
  discount: z.unknown().optional(),
  totalPrice: z.unknown().optional(),
};
const ignoredItemFields = {
  _id: z.unknown().optional(),
  name: z.unknown().optional(),
  image: z.unknown().optional(),
  price: z.unknown().optional(),
  currency: z.unknown().optional(),
  countInStock: z.unknown().optional(),
  categoryId: z.unknown().optional(),
  seller: z.unknown().optional(),
  discountedPrice: z.unknown().optional(),
  discount: z.unknown().optional(),
  hsn: z.unknown().optional(),
  tax: z.unknown().optional(),
};

export const placeOrderItemSchema = z
  .object({
    /** The product id (docs/product/api.md#resources cart item `product`). */
    product: idSchema,
    qty: z
      .number({ message: ORDER_MSG.qty })
      .int(ORDER_MSG.qty)
      .min(1, ORDER_MSG.qty)
      .max(MAX_LINE_QTY, ORDER_MSG.qtyTooLarge),
    /** One of the product's sizes when it has real sizes (not 'N/A'); otherwise ignored. */
    size: z.string().trim().max(20).nullish(),
    /** The variant bought (docs/decisions/0102-product-variants.md); without it, size (and colour) pick it. */
    variant: idSchema.nullish(),
    colour: z.string().trim().max(30).nullish(),
    ...ignoredItemFields,
  })
  .strict()
  .transform(({ product, qty, size, variant, colour }) => ({
    product,
    qty,
    size: size ?? null,
    variant: variant ?? null,
    colour: colour ?? null,
  }));

export const placeOrderBody = z
  .object({
    orderItems: z
      .array(placeOrderItemSchema, { message: ORDER_MSG.emptyOrder })
      .min(1, ORDER_MSG.emptyOrder)
      .max(MAX_ORDER_LINES, ORDER_MSG.tooManyLines),
    shippingAddress: shippingAddressSchema,
    /** Absent or null: the same as shipping, with the buyer's name (docs/product/orders-and-checkout.md#checkout-flow). */
    billingAddress: billingAddressSchema.nullish(),
    paymentMethod: paymentMethodSchema,
    /** Upper-cased; must be in the currency table. The server converts with its own rates. */
    orderCurrency: currencyCodeSchema.default('INR'),
    /** Coupon codes entered in the cart (docs/decisions/0041-coupon-codes-are-not-listed.md). */
    couponCodes: z.array(z.string().trim().min(1).max(50, ORDER_MSG.couponTooLong)).max(20).default([]),
    /**
     * A business purchase (docs/product/gst-and-invoices.md): the buyer's GSTIN and business name, printed
     * on the sellers' tax invoices. Both optional; checked by `businessPurchaseSchema`.
     */
    buyerGstin: z.string().nullish(),
    buyerBusinessName: z.string().nullish(),
    ...ignoredOrderFields,
  })
  .strict()
  .superRefine((v, ctx) => {
    const business = businessPurchaseSchema.safeParse(businessFields(v));
    for (const issue of business.success ? [] : business.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  })
  .transform(
    ({ orderItems, shippingAddress, billingAddress, paymentMethod, orderCurrency, couponCodes, ...v }) => {
      const business = businessPurchaseSchema.parse(businessFields(v));
      return {
        orderItems,
        shippingAddress,
        billingAddress: billingAddress ?? null,
        paymentMethod,
        orderCurrency,
        couponCodes,
        /** Normalised (upper case, no spaces); null when not a business purchase. */
        buyerGstin: business.buyerGstin === '' ? null : business.buyerGstin,
        buyerBusinessName: business.buyerBusinessName === '' ? null : business.buyerBusinessName,
      };
    },
  );

function businessFields(v: { buyerGstin?: string | null; buyerBusinessName?: string | null }) {
  return { buyerGstin: v.buyerGstin ?? '', buyerBusinessName: v.buyerBusinessName ?? '' };
}
/** What the client sends. */
export type PlaceOrderBody = z.input<typeof placeOrderBody>;
/** What the server works with: client totals already dropped. */
export type PlaceOrderInput = z.output<typeof placeOrderBody>;

/** `Idempotency-Key` header: a repeated submission by the same user returns the first order. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200, 'Idempotency-Key is too long')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces');
export const placeOrderHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema.optional() });

// ---------------------------------------------------------------------------------------------------------
// Order answers
// ---------------------------------------------------------------------------------------------------------

const personSchema = z.object({ _id: z.string(), name: z.string() });

/** An order line (docs/product/api.md#resources Order item). Prices are in the order's currency, per unit. */
export const orderItemSchema = z.object({
  _id: z.string(),
  /** The product id; null when the product has since been deleted. */
  product: z.string().nullable(),
  name: z.string(),
  image: z.array(z.string()),
  qty: z.number().int(),
  size: z.string().nullable(),
  /** The variant bought (docs/decisions/0102-product-variants.md); null for lines older than variants or whose variant was deleted. */
  variant: z.string().nullable(),
  colour: z.string().nullable(),
  /** The variant's SKU when the line was placed. */
  sku: z.string().nullable(),
  /** List unit price, in `currency` (= the order's currency). */
  price: moneySchema,
  currency: z.string(),
  seller: personSchema,
  /** Unit price after the discount, in `currency`. */
  discountedPrice: moneySchema,
  /** Discount per unit (price − discountedPrice), in `currency`. */
  discount: moneySchema,
  hsn: z.array(z.string()),
  /** GST rate of the line in percent (12, 5, 18, …). */
  tax: z.number(),
  /** GST of the whole line (qty × discountedPrice × tax / 100, half-up), in `currency`. */
  taxAmount: moneySchema,
  /**
   * taxAmount by component, in `currency` (docs/product/gst-and-invoices.md): CGST + SGST when the seller
   * and the place of supply are in the same state, else IGST; each rounded half-up on its own.
   */
  cgst: moneySchema,
  sgst: moneySchema,
  igst: moneySchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const nullableDate = isoDate.nullable();

/** GST's place of supply: the state's code ('27') and name ('Maharashtra'). */
export const placeOfSupplySchema = z
  .object({ stateCode: z.string(), stateName: z.string() })
  .nullable()
  .meta({ type: 'object' });

/**
 * An order (docs/product/api.md#resources). Totals are in `orderCurrency`: itemsPrice (after discounts) + shippingPrice (0) +
 * taxPrice = totalPrice; `discount` is what the discounts took off the list prices. `exchangeRate` is the
 * number of `orderCurrency` units per 1 INR used when it was placed; `totalPriceInr` the same total in INR.
 * A seller asking for the order (GET /api/orders/:id) gets only their own lines, totals over those lines,
 * and no payment result.
 */
export const orderSchema = z.object({
  _id: z.string(),
  /** The number people see and say (HAAT-2026-000123); `_id` stays the id. */
  orderNumber: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  createdAt: isoDate,
  shippingAddress: z.object({
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  billingAddress: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  paymentMethod: z.enum(PAYMENT_METHODS),
  itemsPrice: moneySchema,
  shippingPrice: moneySchema,
  taxPrice: moneySchema,
  discount: moneySchema,
  totalPrice: moneySchema,
  totalPriceInr: moneySchema,
  /** taxPrice by component, in `orderCurrency`: the sums of the lines' cgst, sgst and igst. */
  cgstPrice: moneySchema,
  sgstPrice: moneySchema,
  igstPrice: moneySchema,
  /** The delivery state as GST's place of supply; null outside India or when the state is not known. */
  placeOfSupply: placeOfSupplySchema,
  /** A business purchase: the buyer's GSTIN and business name; null otherwise. */
  buyerGstin: z.string().nullable(),
  buyerBusinessName: z.string().nullable(),
  orderCurrency: z.string(),
  exchangeRate: z.number(),
  couponCodes: z.array(z.string()),
  status: z.enum(ORDER_STATUSES),
  cancelledAt: nullableDate,
  isPaid: z.boolean(),
  paidAt: nullableDate,
  paymentResult: z.record(z.string(), z.unknown()).nullable().optional(),
  isDelivered: z.boolean(),
  deliveredAt: nullableDate,
  orderItems: z.array(orderItemSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** Where an order stands, in words (src/shared/order-progress.ts). */
export const orderProgressSchema = z.object({
  state: z.enum(ORDER_PROGRESS_STATES),
  label: z.string(),
  note: z.string().nullable(),
});

/** One row of My Purchases and of the admin order list. Totals in `orderCurrency`. */
export const orderListRowSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  /** The lines' product names with size and colour ("Kurta (size M, Red)"), in placing order. */
  items: z.array(z.string()),
  progress: orderProgressSchema,
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  createdAt: isoDate,
  paymentMethod: z.enum(PAYMENT_METHODS),
  totalPrice: moneySchema,
  orderCurrency: z.string(),
  status: z.enum(ORDER_STATUSES),
  isPaid: z.boolean(),
  paidAt: nullableDate,
  isDelivered: z.boolean(),
  deliveredAt: nullableDate,
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

/** GET /api/orders/myorders: the buyer's orders, newest first. */
export const myOrdersSchema = z.array(orderListRowSchema);

/** GET /api/orders: every order, newest first, 20 a page. */
export const orderListSchema = z.object({
  orders: z.array(orderListRowSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
});
export type OrderList = z.infer<typeof orderListSchema>;

const booleanQuery = z
  .enum(['true', 'false'], { message: 'Use true or false' })
  .transform((v) => v === 'true')
  .optional();

/**
 * GET /api/orders?pageNumber=&paid=true|false&delivered=true|false&q= where `q` is an order number, a
 * buyer's e-mail or phone (src/shared/order-search.ts; docs/decisions/0115-seller-and-operator-views.md).
 */
export const orderListQuery = pageQuery.extend({
  paid: booleanQuery,
  delivered: booleanQuery,
  q: z
    .string()
    .trim()
    .max(100, ORDER_SEARCH_HINT)
    .refine((v) => v === '' || classifyOrderSearch(v) !== null, ORDER_SEARCH_HINT)
    .optional(),
});
export type OrderListQuery = z.input<typeof orderListQuery>;

/**
 * One line of the seller order list (GET /api/orders/seller/:userId). A seller sees only lines whose item
 * seller is themselves. Amounts are INR (the product's listing currency): `price`, `discountedPrice` and
 * `discount` per unit, `taxAmount` for the line, `itemTotalPrice` the seller's payout for the line.
 */
export const sellerOrderLineSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  createdAt: isoDate,
  buyer: personSchema,
  product: z.string().nullable(),
  name: z.string(),
  image: z.array(z.string()),
  qty: z.number().int(),
  size: z.string().nullable(),
  variant: z.string().nullable(),
  colour: z.string().nullable(),
  sku: z.string().nullable(),
  price: moneySchema,
  discountedPrice: moneySchema,
  discount: moneySchema,
  currency: z.string(),
  tax: z.number(),
  taxAmount: moneySchema,
  percentageMarkup: z.number(),
  itemTotalPrice: moneySchema,
  paymentStatus: z.enum(['Pending', 'Paid']),
  paymentMethod: z.enum(PAYMENT_METHODS),
  status: z.enum(ORDER_STATUSES),
  isPaid: z.boolean(),
  paidAt: nullableDate,
  isDelivered: z.boolean(),
  deliveredAt: nullableDate,
});
export type SellerOrderLine = z.infer<typeof sellerOrderLineSchema>;

export const sellerOrderLinesSchema = z.object({
  orderLines: z.array(sellerOrderLineSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
});
export type SellerOrderLines = z.infer<typeof sellerOrderLinesSchema>;

export const sellerParams = z.object({ userId: idSchema });

/**
 * PUT /api/orders/:id/CashOnDelivery/pay (docs/product/api.md: "json body"): an optional note kept in the payment
 * result. Whatever else a client sends (a provider-style result) is dropped: the server records who marked
 * it paid and when, nothing the client claims.
 */
export const codPayBody = z
  .object({ note: z.string().trim().max(500).optional() })
  .nullish()
  .transform((v) => ({ note: v?.note }));

// ---------------------------------------------------------------------------------------------------------
// Seller payments (docs/product/api.md#resources Seller payment record, Pending seller payment)
// ---------------------------------------------------------------------------------------------------------

export const SELLER_PAYMENT_STATUSES = ['Pending', 'Paid'] as const;

/** One record: the seller's payout for one order line, INR. */
export const sellerPaymentSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderItemId: z.string(),
  seller: z.object({ _id: z.string() }),
  itemTotalPrice: moneySchema,
  currency: z.string(),
  paymentStatus: z.enum(SELLER_PAYMENT_STATUSES),
  paymentDate: nullableDate,
});
export type SellerPayment = z.infer<typeof sellerPaymentSchema>;

/**
 * GET /api/payments/pending-seller-payments: what each seller is owed and not yet paid, from its ledger
 * (docs/decisions/0122-statements-and-tax-withheld.md): one group per seller, one row per order.
 */
export const pendingSellerPaymentsSchema = z.array(
  z.object({
    seller: z.object({ _id: z.string() }),
    sellerName: z.string(),
    currency: z.string(),
    totalItemTotalPrice: moneySchema,
    payments: z.array(
      z.object({
        _id: z.string(),
        orderId: z.string(),
        orderNumber: z.string(),
        orderItemId: z.string(),
        itemTotalPrice: moneySchema,
        paymentStatus: z.enum(SELLER_PAYMENT_STATUSES),
      }),
    ),
  }),
);
export type PendingSellerPayments = z.infer<typeof pendingSellerPaymentsSchema>;

/**
 * POST /api/payments/seller (Admin corrections only): the records themselves are written by the order
 * transaction, so this never creates one; it sets the status of an existing record (found by its `_id`, or
 * by `orderItemId`). Marking Paid records `paymentDate` (now when not given); back to Pending clears it.
 */
export const sellerPaymentCorrectionBody = z
  .object({
    _id: idSchema.optional(),
    orderItemId: idSchema.optional(),
    paymentStatus: z.enum(SELLER_PAYMENT_STATUSES),
    paymentDate: isoDate.optional(),
  })
  .strict()
  .refine((v) => (v._id === undefined) !== (v.orderItemId === undefined), {
    message: 'Give the record _id or its orderItemId',
    path: ['_id'],
  });
export type SellerPaymentCorrectionBody = z.input<typeof sellerPaymentCorrectionBody>;
