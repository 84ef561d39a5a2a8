import { z } from 'zod';
import { idSchema, moneySchema } from './common.ts';

/**
 * Payment and notification payloads (docs/product/api.md "Orders, payments, notifications, config"; docs/product/payments.md).
 * Amounts the server charges always come from the order in the database, never from the client.
 */

// --- Config -----------------------------------------------------------------------------------------------

/** GET /api/config/razorpay: the key id only; the secret never leaves the server. */
export const razorpayConfigSchema = z.object({ razorpay_key_id: z.string(), sandbox: z.boolean() });
export type RazorpayConfig = z.infer<typeof razorpayConfigSchema>;

/** GET /api/config/paypal */
export const paypalConfigSchema = z.object({ clientId: z.string(), sandbox: z.boolean() });
export type PayPalConfig = z.infer<typeof paypalConfigSchema>;

// --- RazorPay ---------------------------------------------------------------------------------------------

/**
 * POST /api/orders/RazorPay. SPEC's body was { amount, currency }; the amount is now taken from the order,
 * so the body names the order. `amount` and `currency` are still accepted from older clients and ignored.
 */
export const createRazorpayOrderBody = z
  .object({ orderId: idSchema, amount: z.unknown().optional(), currency: z.unknown().optional() })
  .strict()
  .transform(({ orderId }) => ({ orderId }));

/** The provider order to open checkout.js with. `amount` is in minor units (paise), as RazorPay wants it. */
export const razorpayOrderSchema = z.object({
  razor_order_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  key_id: z.string(),
  sandbox: z.boolean(),
  orderId: z.string(),
});
export type RazorpayOrder = z.infer<typeof razorpayOrderSchema>;

/** What checkout.js hands its success handler; PUT /api/orders/:id/RazorPay/pay. */
export const razorpaySuccessSchema = z.object({
  razorpay_order_id: z.string().trim().min(1).max(100),
  razorpay_payment_id: z.string().trim().min(1).max(100),
  razorpay_signature: z.string().trim().min(1).max(200),
});
export type RazorpaySuccess = z.infer<typeof razorpaySuccessSchema>;

/** SPEC's older clients also sent `status` and `orderDetails`: accepted, never trusted, dropped. */
export const razorpayPayBody = razorpaySuccessSchema
  .extend({ status: z.unknown().optional(), orderDetails: z.unknown().optional() })
  .strict()
  .transform(({ razorpay_order_id, razorpay_payment_id, razorpay_signature }) => ({
    razorpay_order_id,
    razorpay_payment_id,
    razorpay_signature,
  }));

/** POST /api/payments/sandbox/razorpay/pay: the sandbox plays RazorPay's checkout ("Pay"). */
export const razorpaySandboxPayBody = z
  .object({ razorpay_order_id: z.string().trim().min(1).max(100) })
  .strict();

// --- PayPal -----------------------------------------------------------------------------------------------

/** POST /api/orders/:id/PayPal/create → the PayPal order id the JS SDK's createOrder returns. */
export const paypalCreatedSchema = z.object({ id: z.string() });

/** PUT /api/orders/:id/PayPal/pay: what the SDK's onApprove gives (`data.orderID`). */
export const paypalPayBody = z.object({ orderID: z.string().trim().min(1).max(100) }).strict();

// --- Amounts shown before paying --------------------------------------------------------------------------

const chargeSchema = z.object({
  /** Major units of `currency`. */
  amount: moneySchema,
  currency: z.string(),
});

/**
 * GET /api/orders/:id/payment-quote: what each provider will charge. RazorPay charges the INR total;
 * PayPal charges USD: a USD order's total, else the INR total converted (`converted`) at the rate fixed
 * when the first PayPal order was created for it.
 */
export const paymentQuoteSchema = z.object({
  RazorPay: chargeSchema,
  PayPal: chargeSchema.extend({ converted: z.boolean() }),
});
export type PaymentQuote = z.infer<typeof paymentQuoteSchema>;

// --- Notifications ----------------------------------------------------------------------------------------

export const NOTIFICATION_TYPES = ['order_confirmation', 'order_seller', 'order_distributor'] as const;

/** docs/product/api.md#resources Notification record; GET /api/notifications/check (query) and POST /api/notifications/record. */
export const notificationKeySchema = z
  .object({
    type: z.string().trim().min(1).max(60),
    documentType: z.string().trim().min(1).max(60),
    documentId: z.string().trim().min(1).max(100),
    recipient: z.string().trim().min(1).max(254),
  })
  .strict();
export type NotificationKey = z.infer<typeof notificationKeySchema>;

export const notificationCheckSchema = z.object({ sent: z.boolean() });
export const notificationRecordSchema = z.object({ recorded: z.boolean() });

/** The three audiences of GET|POST /api/orders/email/{audience}/complete_order/:id. */
export const COMPLETION_AUDIENCES = ['buyer', 'seller', 'distributors'] as const;
export type CompletionAudience = (typeof COMPLETION_AUDIENCES)[number];

/** How many mails this call queued; `already` counts recipients who had theirs before. */
export const completionMailsSchema = z.object({
  message: z.string(),
  queued: z.number().int(),
  already: z.number().int(),
});
export type CompletionMails = z.infer<typeof completionMailsSchema>;
