import { z } from 'zod';
import { DELIVERY_MSG, PINCODE_PATTERN } from '../delivery.ts';
import { tryParseMoney } from '../money.ts';
import { idSchema } from './common.ts';
import { MAX_LINE_QTY, MAX_ORDER_LINES } from './order.ts';

/**
 * Wire shapes of the delivery promise (docs/decisions/0113-delivery-promise.md): the operator's settings and
 * pincode flags, a seller's delivery area, the product page's answer and checkout's quote. The forms use
 * the same schemas. Money is INR in major units.
 */

export const DELIVERY_FORM_MSG = {
  days: 'Please enter a whole number of days from 0 to 30.',
  hours: 'Please enter a whole number of hours from 1 to 720.',
  count: 'Please enter a whole number from 1 to 1000.',
  codLimit: 'Please enter an amount from ₹1 to ₹10,00,000.',
  prefix: 'Each excluded prefix is 1 to 6 digits.',
  tooManyPrefixes: 'At most 200 excluded prefixes.',
  state: 'Please choose states from the list.',
} as const;

export const pincodeSchema = z
  .string({ error: DELIVERY_MSG.invalidPincode })
  .trim()
  .regex(PINCODE_PATTERN, DELIVERY_MSG.invalidPincode);

const days = z.number({ error: DELIVERY_FORM_MSG.days }).int(DELIVERY_FORM_MSG.days).min(0).max(30);
const count = (max: number) =>
  z
    .number({ error: DELIVERY_FORM_MSG.count })
    .int(DELIVERY_FORM_MSG.count)
    .min(1, DELIVERY_FORM_MSG.count)
    .max(max);
const codLimit = z
  .number({ error: DELIVERY_FORM_MSG.codLimit })
  .min(1, DELIVERY_FORM_MSG.codLimit)
  .max(1_000_000, DELIVERY_FORM_MSG.codLimit)
  .refine((v) => tryParseMoney(v, 2) !== null, DELIVERY_FORM_MSG.codLimit);

/** The operator's delivery and cash-on-delivery settings (one row). */
export const deliverySettingsSchema = z.object({
  daysSameCity: days,
  daysSameState: days,
  daysOtherState: days,
  daysSpecial: days,
  handlingDays: days,
  codLimit,
  codUnacceptedHours: z
    .number({ error: DELIVERY_FORM_MSG.hours })
    .int(DELIVERY_FORM_MSG.hours)
    .min(1, DELIVERY_FORM_MSG.hours)
    .max(720, DELIVERY_FORM_MSG.hours),
  maxOpenCodOrders: count(100),
  maxOpenCodUnits: count(1000),
  /** Parcels returned to origin after which a buyer is not offered cash on delivery; null = no limit. */
  maxRtoForCod: count(100).nullable(),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

/** One pincode with the operator's flags. */
export const pincodeRowSchema = z.object({
  pincode: z.string(),
  state: z.string(),
  district: z.string(),
  serviceable: z.boolean(),
  codAllowed: z.boolean(),
  /** Null: the default COD limit of the settings. */
  codLimit: z.number().nullable(),
});
export type PincodeRow = z.infer<typeof pincodeRowSchema>;
export const pincodeListSchema = z.array(pincodeRowSchema);

export const pincodeFlagsBody = z.object({
  serviceable: z.boolean(),
  codAllowed: z.boolean(),
  codLimit: codLimit.nullable(),
});
export type PincodeFlags = z.infer<typeof pincodeFlagsBody>;
export const pincodeParams = z.object({ pincode: pincodeSchema });
export const pincodeSearchQuery = z.object({
  /** Digits: pincodes starting with them; words: a district or state. */
  q: z.string().trim().min(1, 'Please enter a pincode, district or state.').max(60),
});

/** Where a seller ships: empty states = every state the operator serves. */
export const sellerDeliveryAreaSchema = z.object({
  states: z.array(z.string().trim().min(1).max(60)).max(40),
  excludedPrefixes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{1,6}$/, DELIVERY_FORM_MSG.prefix),
    )
    .max(200, DELIVERY_FORM_MSG.tooManyPrefixes),
  codAllowed: z.boolean(),
  /** Working days to hand a parcel to the courier; null = the operator's default. */
  handlingDays: days.nullable(),
});
export type SellerDeliveryArea = z.infer<typeof sellerDeliveryAreaSchema>;
/** The area with the states a seller may choose from (India's, as the pincode table spells them). */
export const sellerDeliveryAreaReplySchema = sellerDeliveryAreaSchema.extend({
  allStates: z.array(z.string()),
  defaultHandlingDays: z.number(),
});

export const placeSchema = z.object({ district: z.string(), state: z.string() });

/** GET /api/delivery/promise: one product to one pincode. */
export const promiseQuery = z.object({ product: idSchema, pincode: pincodeSchema });
export const promiseSchema = z.object({
  pincode: z.string(),
  place: placeSchema,
  deliverable: z.boolean(),
  /** YYYY-MM-DD (Asia/Kolkata), or null when it cannot be delivered. */
  deliveryBy: z.string().nullable(),
  cod: z.boolean(),
  /** Why it cannot be delivered, or why cash on delivery is not offered. */
  reason: z.string().optional(),
});
export type DeliveryPromise = z.infer<typeof promiseSchema>;

/** POST /api/delivery/quote: checkout's cart to its shipping address, before placing the order. */
export const quoteBody = z.object({
  country: z.string().trim().min(1).max(80),
  postalCode: z.string().trim().max(20),
  lines: z
    .array(z.object({ product: idSchema, qty: z.number().int().min(1).max(MAX_LINE_QTY) }))
    .min(1)
    .max(MAX_ORDER_LINES),
  /** The checkout's estimate of the order in INR (major units), for the COD limit; Place Order checks again. */
  orderValueInr: z.number().min(0).max(100_000_000).optional(),
});
export type QuoteBody = z.infer<typeof quoteBody>;
export const quoteSchema = z.object({
  /** False outside India: no promise is made and nothing is refused. */
  applies: z.boolean(),
  pincode: z.string().nullable(),
  place: placeSchema.nullable(),
  shipments: z.array(
    z.object({
      sellerId: z.string(),
      shop: z.string(),
      deliveryBy: z.string().nullable(),
    }),
  ),
  lines: z.array(
    z.object({
      product: z.string(),
      sellerId: z.string(),
      deliverable: z.boolean(),
      reason: z.string().optional(),
    }),
  ),
  deliverable: z.boolean(),
  /** The first line that cannot be delivered, in words. */
  reason: z.string().optional(),
  cod: z.boolean(),
  codReason: z.string().optional(),
});
export type DeliveryQuote = z.infer<typeof quoteSchema>;
