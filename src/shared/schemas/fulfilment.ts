import { z } from 'zod';
import {
  ACTOR_ROLES,
  REFUND_STATES,
  RETURN_MAX_PHOTOS,
  RETURN_REASONS,
  RETURN_STATES,
  SELLER_CANCEL_REASONS,
  SHIPMENT_STATES,
} from '../fulfilment.ts';
import { idSchema, isoDate, moneySchema, pageQuery, pathId } from './common.ts';

/**
 * Wire shapes of the life of an order after 'Place Order' (docs/decisions/0109-shipments-per-seller.md and
 * after): shipments with their timelines, return and exchange requests, refunds. The forms and the routes
 * use these same schemas. Money is INR in major units unless a field says otherwise.
 */

const nullableDate = isoDate.nullable();

export const orderEventSchema = z.object({
  at: isoDate,
  subject: z.enum(['shipment', 'return', 'refund']),
  subjectId: z.string(),
  fromState: z.string().nullable(),
  /** A state entered, or a notice ('out_for_delivery', 'pickup_scheduled', …). */
  toState: z.string(),
  actorRole: z.enum(ACTOR_ROLES),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const shipmentLineSchema = z.object({
  /** The order item's id. */
  _id: z.string(),
  product: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  sku: z.string().nullable(),
  qty: z.number().int(),
  /** Units of this line already asked back (open return/exchange requests). */
  returnedQty: z.number().int(),
});

/** What the caller may do with a shipment now; the UI shows exactly these. */
export const SHIPMENT_ACTIONS = [
  'accept',
  'pack',
  'ship',
  'deliver',
  'cancel',
  'return_to_origin',
  'request_return',
] as const;
export type ShipmentAction = (typeof SHIPMENT_ACTIONS)[number];

export const shipmentSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  kind: z.enum(['order', 'exchange']),
  seller: z.object({ _id: z.string(), name: z.string(), shopName: z.string().nullable() }),
  state: z.enum(SHIPMENT_STATES),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** YYYY-MM-DD, the date promised at Place Order. */
  expectedDeliveryDate: z.string().nullable(),
  pincode: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  createdAt: isoDate,
  acceptedAt: nullableDate,
  packedAt: nullableDate,
  shippedAt: nullableDate,
  deliveredAt: nullableDate,
  cancelledAt: nullableDate,
  returnedAt: nullableDate,
  /** Until when a return or exchange may be asked for (delivered shipments only). */
  returnWindowEndsAt: nullableDate,
  lines: z.array(shipmentLineSchema),
  events: z.array(orderEventSchema),
  actions: z.array(z.enum(SHIPMENT_ACTIONS)),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** A row of the seller's queue and of the operator's shipment list. */
export const shipmentListRowSchema = shipmentSchema.omit({ events: true }).extend({
  buyer: z.object({ _id: z.string(), name: z.string() }),
  shipTo: z.object({
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string(),
  }),
  paymentMethod: z.enum(['RazorPay', 'PayPal', 'CashOnDelivery']),
  isPaid: z.boolean(),
  /**
   * Cash on delivery not yet paid: what the courier collects for this parcel (INR, its lines with GST).
   * Optional until every list fills it; the seller's card shows it when present (ADR 0115).
   */
  toCollect: moneySchema.nullable().optional(),
  /** Past its promised date and not delivered. */
  late: z.boolean(),
  /** An online payment (RazorPay, PayPal) not yet made: the parcel waits for it (ADR 0109). */
  awaitingPayment: z.boolean(),
});
export type ShipmentListRow = z.infer<typeof shipmentListRowSchema>;

export const shipmentListSchema = z.object({
  shipments: z.array(shipmentListRowSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
  /** How many shipments are in each state under the same filters except state (for tabs). */
  counts: z.record(z.string(), z.number().int()),
});
export type ShipmentList = z.infer<typeof shipmentListSchema>;

const dateQuery = z.iso.date({ message: 'Use a date like 2026-11-25' }).optional();

/** GET /api/shipments (Admin, Distributor) and GET /api/seller/shipments (the seller's own). */
export const shipmentListQuery = pageQuery.extend({
  state: z.enum([...SHIPMENT_STATES, 'late']).optional(),
  seller: idSchema.optional(),
  from: dateQuery,
  to: dateQuery,
  pincode: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'Use up to 6 digits')
    .optional(),
});
export type ShipmentListQuery = z.input<typeof shipmentListQuery>;

export const SHIP_MSG = {
  courier: 'Please choose a courier',
  tracking: 'Please enter the tracking number',
  trackingFormat: 'This is not a tracking number of that courier',
  reason: 'Please give a reason',
} as const;

/** PUT /api/shipments/:id/ship. The courier's own format is checked by src/shared/couriers.ts. */
export const shipBody = z.object({
  courier: z.string().trim().min(1, SHIP_MSG.courier).max(60),
  trackingNumber: z.string().trim().min(4, SHIP_MSG.tracking).max(40, SHIP_MSG.tracking),
});
export type ShipBody = z.infer<typeof shipBody>;

const sellerCancelCodes = SELLER_CANCEL_REASONS.map((r) => r.code) as [string, ...string[]];

/** PUT /api/shipments/:id/cancel and PUT /api/orders/:id/cancel. A seller must give a reason code. */
export const cancelBody = z
  .object({
    reason: z.enum(sellerCancelCodes).optional(),
    note: z.string().trim().max(500).optional(),
  })
  .nullish()
  .transform((v) => v ?? {});
export type CancelBody = z.output<typeof cancelBody>;

/** The answer of a cancel (docs/decisions/0110-cancellations.md): what was cancelled and the refunds asked for. */
export const cancelResultSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** 'cancelled' once every shipment of the order is. */
  orderStatus: z.enum(['placed', 'cancelled']),
  shipments: z.array(
    z.object({
      _id: z.string(),
      state: z.enum(SHIPMENT_STATES),
      cancelReason: z.string().nullable(),
      cancelledBy: z.string().nullable(),
      cancelledAt: nullableDate,
    }),
  ),
  /** One per cancelled shipment that had been paid for (none for an unpaid order). */
  refunds: z.array(
    z.object({
      _id: z.string(),
      shipmentId: z.string().nullable(),
      method: z.enum(['RazorPay', 'PayPal', 'CashOnDelivery']),
      state: z.enum(REFUND_STATES),
      amountInr: moneySchema,
      /** In `currency`, major units. */
      amount: moneySchema,
      currency: z.string(),
    }),
  ),
});
export type CancelResult = z.infer<typeof cancelResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Returns and exchanges
// ---------------------------------------------------------------------------------------------------------

const reasonCodes = RETURN_REASONS.map((r) => r.code) as [string, ...string[]];

export const RETURN_MSG = {
  qty: 'Please choose how many to return',
  reason: 'Please choose a reason',
  media: `Add up to ${RETURN_MAX_PHOTOS} photos or one short video`,
  exchangeSize: 'Please choose the size you want instead',
  upi: 'Please enter a UPI id like name@bank',
  account: 'Please enter the account number and IFSC',
  rejectReason: 'Please say why the request is rejected',
} as const;

/** Where a cash-on-delivery refund is paid: a UPI id, or a bank account with its IFSC. */
export const refundAccountSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('upi'),
    upi: z
      .string()
      .trim()
      .regex(/^[\w.-]{2,256}@[a-zA-Z][a-zA-Z0-9.]{1,63}$/, RETURN_MSG.upi),
  }),
  z.object({
    kind: z.literal('bank'),
    name: z.string().trim().min(1, RETURN_MSG.account).max(100),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{9,18}$/, RETURN_MSG.account),
    ifsc: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, RETURN_MSG.account),
  }),
]);
export type RefundAccount = z.infer<typeof refundAccountSchema>;

/**
 * The same account in an answer, or null. The OpenAPI document needs a `type` beside `nullable`, which a
 * bare union does not give, hence the meta.
 */
const refundAccountOrNull = refundAccountSchema.nullable().meta({ type: 'object' });

/** POST /api/orders/:id/returns: one line, some of its units. */
export const createReturnBody = z.object({
  orderItem: idSchema,
  qty: z.number().int().min(1, RETURN_MSG.qty).max(10_000, RETURN_MSG.qty),
  kind: z.enum(['return', 'exchange']),
  reason: z.enum(reasonCodes, { message: RETURN_MSG.reason }),
  comment: z.string().trim().max(1000).default(''),
  /** Upload URLs (POST /api/upload/returns), up to 4 photos or one video. */
  media: z.array(z.string().trim().min(1).max(500)).max(RETURN_MAX_PHOTOS, RETURN_MSG.media).default([]),
  /** For an exchange: the variant wanted (another size of the same product). */
  exchangeVariant: idSchema.optional(),
  /** For a cash-on-delivery order's return: where the refund is paid. */
  refundAccount: refundAccountSchema.optional(),
});
export type CreateReturnBody = z.input<typeof createReturnBody>;

export const returnRequestSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  shipmentId: z.string(),
  orderItem: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  kind: z.enum(['return', 'exchange']),
  qty: z.number().int(),
  reason: z.string(),
  reasonLabel: z.string(),
  comment: z.string(),
  media: z.array(z.string()),
  exchangeVariant: z
    .object({ _id: z.string(), size: z.string(), colour: z.string().nullable(), reserved: z.boolean() })
    .nullable(),
  state: z.enum(RETURN_STATES),
  rejectReason: z.string().nullable(),
  pickupScheduledFor: z.string().nullable(),
  buyer: z.object({ _id: z.string(), name: z.string() }),
  seller: z.object({ _id: z.string(), name: z.string() }),
  /** Present for Admin and for the buyer who gave it. */
  refundAccount: refundAccountOrNull,
  createdAt: isoDate,
  approvedAt: nullableDate,
  receivedAt: nullableDate,
  /** What the caller may do now. */
  actions: z.array(z.enum(['approve', 'reject', 'withdraw', 'picked_up', 'receive'])),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

export const returnListSchema = z.object({
  returns: z.array(returnRequestSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
});

export const returnListQuery = pageQuery.extend({
  state: z.enum(RETURN_STATES).optional(),
  seller: idSchema.optional(),
});
export type ReturnListQuery = z.input<typeof returnListQuery>;
export type ReturnList = z.infer<typeof returnListSchema>;

export const rejectReturnBody = z.object({
  reason: z.string().trim().min(3, RETURN_MSG.rejectReason).max(500),
});

/** A return request's video: one, of at most 20 MB (mp4, webm or QuickTime). Photos have the images' 5 MB. */
export const MAX_RETURN_VIDEO_BYTES = 20 * 1024 * 1024;

/** The multipart field of POST /api/upload/returns: up to 4 photos or one video. */
export const RETURN_MEDIA_FIELD = 'files';

/** The answer of POST /api/upload/returns: the stored files' URLs, to send as `media`. */
export const returnMediaUploadSchema = z.object({
  media: z.array(z.object({ url: z.string(), type: z.enum(['photo', 'video']) })),
});
export type ReturnMediaUpload = z.infer<typeof returnMediaUploadSchema>;

/** Whether a media URL of a return request is its video (by the extension the server stored it under). */
export const isVideoUrl = (url: string) => /\.(mp4|webm|mov)$/i.test(url);

/**
 * Path of GET /api/returns/:id/media/:index/:file, where a request's viewers open its private photos and
 * video (docs/decisions/0112-returns-and-exchanges.md). `file` is `original.webp` (or a variant,
 * `thumbnail.webp`, `medium.webp`) for a photo and `video.<ext>` for the video, so `variantUrl` and
 * `isVideoUrl` work on it as on any image URL.
 */
export const returnMediaParams = z.object({
  id: pathId('Return request not found'),
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(RETURN_MAX_PHOTOS - 1),
  file: z.string().max(40),
});

// ---------------------------------------------------------------------------------------------------------
// Refunds
// ---------------------------------------------------------------------------------------------------------

export const refundSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  shipmentId: z.string().nullable(),
  returnRequestId: z.string().nullable(),
  method: z.enum(['RazorPay', 'PayPal', 'CashOnDelivery']),
  state: z.enum(REFUND_STATES),
  /** INR. */
  amountInr: moneySchema,
  /** In the currency charged (`currency`), major units. */
  amount: moneySchema,
  currency: z.string(),
  reason: z.string(),
  providerRefundId: z.string().nullable(),
  reference: z.string().nullable(),
  /** Present for Admin (where to pay a manual refund). */
  refundAccount: refundAccountOrNull,
  buyer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  createdAt: isoDate,
  processedAt: nullableDate,
  /** Refunds are due within 7 days of the cause (docs). */
  dueBy: isoDate,
});
export type Refund = z.infer<typeof refundSchema>;

export const refundListSchema = z.object({
  refunds: z.array(refundSchema),
  page: z.number().int().min(1),
  pages: z.number().int().min(1),
});
export type RefundList = z.infer<typeof refundListSchema>;

export const refundListQuery = pageQuery.extend({
  state: z.enum(REFUND_STATES).optional(),
  method: z.enum(['RazorPay', 'PayPal', 'CashOnDelivery']).optional(),
  from: dateQuery,
  to: dateQuery,
  order: z.string().trim().max(40).optional(),
});
export type RefundListQuery = z.input<typeof refundListQuery>;

/** PUT /api/refunds/:id/record (Admin): a manual (bank/UPI) refund paid, with its reference. */
export const recordRefundBody = z.object({
  reference: z.string().trim().min(4, 'Please enter the transfer reference (UTR)').max(60),
});

// ---------------------------------------------------------------------------------------------------------
// The buyer's order page
// ---------------------------------------------------------------------------------------------------------

/** GET /api/orders/:id/fulfilment: everything after 'Place Order' for one order, as the caller may see it. */
export const orderFulfilmentSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  shipments: z.array(shipmentSchema),
  returns: z.array(returnRequestSchema),
  refunds: z.array(refundSchema),
  /** The buyer may cancel every shipment still open at once. */
  canCancelOrder: z.boolean(),
});
export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;
