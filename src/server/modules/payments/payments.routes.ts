import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAYMENT_MSG } from '#shared/payments.ts';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import { orderSchema } from '#shared/schemas/order.ts';
import {
  createRazorpayOrderBody,
  paymentQuoteSchema,
  paypalConfigSchema,
  paypalCreatedSchema,
  paypalPayBody,
  razorpayConfigSchema,
  razorpayOrderSchema,
  razorpayPayBody,
  razorpaySandboxPayBody,
  razorpaySuccessSchema,
} from '#shared/schemas/payment.ts';
import { AppError } from '../../lib/errors.ts';
import type { App } from '../../lib/types.ts';
import { requireActive } from '../../plugins/auth.ts';
import { ProviderError } from './provider-http.ts';
import * as payments from './payments.service.ts';
import { signedIn } from '../../plugins/context.ts';

const WEBHOOK_PATH = '/payments/razorpay/webhook';

/**
 * Payments (docs/product/api.md; docs/product/payments.md): provider config, RazorPay order + confirmation + webhook, PayPal
 * create + capture, the amounts each provider will charge, and the sandbox's stand-in for RazorPay's
 * checkout. Needs the payments plugin (app.payments) and the jobs plugin.
 */
const orderIdParams = idParams('Order not found');

export default async function paymentsRoutes(app: App) {
  const deps = (): payments.PaymentsDeps => ({ providers: app.payments.providers, log: app.log });

  /** A provider that cannot be reached is a 502 with a plain message, never a 500. */
  async function viaProvider<T>(req: FastifyRequest, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ProviderError) {
        req.log.error({ err, status: err.status, body: err.body }, 'payment provider error');
        throw new AppError('bad_gateway', PAYMENT_MSG.providerDown, { code: 'provider_down' });
      }
      throw err;
    }
  }

  app.get(
    '/config/razorpay',
    {
      schema: {
        tags: ['payments'],
        summary: 'RazorPay key id (never the secret); sandbox = the built-in sandbox plays RazorPay',
        response: { 200: razorpayConfigSchema, 404: errorSchema },
      },
    },
    async () => {
      const rz = payments.razorpayOf(deps());
      return { razorpay_key_id: rz.keyId, sandbox: rz.sandbox };
    },
  );

  app.get(
    '/config/paypal',
    {
      schema: {
        tags: ['payments'],
        summary: 'PayPal client id; sandbox = the built-in sandbox plays PayPal',
        response: { 200: paypalConfigSchema, 404: errorSchema },
      },
    },
    async () => {
      const pp = payments.paypalOf(deps());
      return { clientId: pp.clientId, sandbox: pp.sandbox };
    },
  );

  app.get(
    '/orders/:id/payment-quote',
    {
      schema: {
        tags: ['payments'],
        summary: 'What RazorPay and PayPal will charge for my order (PayPal: USD for INR orders)',
        params: orderIdParams,
        response: { 200: paymentQuoteSchema },
      },
    },
    async (req) => payments.paymentQuote(signedIn(req), req.params.id),
  );

  app.post(
    '/orders/RazorPay',
    {
      onRequest: requireActive,
      schema: {
        tags: ['payments'],
        summary: "Create the RazorPay order for my unpaid order's total (amount from the order, in paise)",
        description:
          "SPEC's body was { amount, currency }; the server never trusts a client amount, so the body is { orderId } " +
          '(amount and currency are accepted and ignored).',
        body: createRazorpayOrderBody,
        response: { 200: razorpayOrderSchema, 502: errorSchema },
      },
    },
    async (req) =>
      viaProvider(req, () => payments.createRazorpayOrder(signedIn(req), deps(), req.body.orderId)),
  );

  app.put(
    '/orders/:id/RazorPay/pay',
    {
      onRequest: requireActive,
      schema: {
        tags: ['payments'],
        summary: 'Confirm a RazorPay payment: signature and order are verified, then the order is paid',
        params: orderIdParams,
        body: razorpayPayBody,
        response: { 200: orderSchema, 400: errorSchema },
      },
    },
    async (req) => payments.confirmRazorpayPayment(signedIn(req), deps(), req.params.id, req.body),
  );

  app.post(
    '/orders/:id/PayPal/create',
    {
      onRequest: requireActive,
      schema: {
        tags: ['payments'],
        summary: 'Create the PayPal order (Orders v2, intent CAPTURE) for my unpaid order',
        params: orderIdParams,
        response: { 200: paypalCreatedSchema, 502: errorSchema },
      },
    },
    async (req) => viaProvider(req, () => payments.createPayPalOrder(signedIn(req), deps(), req.params.id)),
  );

  app.put(
    '/orders/:id/PayPal/pay',
    {
      onRequest: requireActive,
      schema: {
        tags: ['payments'],
        summary: 'Capture the approved PayPal order; only a COMPLETED capture of the stored amount pays',
        params: orderIdParams,
        body: paypalPayBody,
        response: { 200: orderSchema, 400: errorSchema, 502: errorSchema },
      },
    },
    async (req) =>
      viaProvider(req, () =>
        payments.capturePayPalOrder(signedIn(req), deps(), req.params.id, req.body.orderID),
      ),
  );

  // The sandbox's stand-in for RazorPay's hosted checkout; 404 whenever real keys are configured.
  app.post(
    '/payments/sandbox/razorpay/pay',
    {
      onRequest: requireActive,
      schema: {
        tags: ['payments'],
        summary: 'Sandbox only: pay a RazorPay order as the sandbox checkout does',
        body: razorpaySandboxPayBody,
        response: { 200: razorpaySuccessSchema },
      },
    },
    async (req) => payments.sandboxRazorpayPay(signedIn(req), deps(), req.body.razorpay_order_id),
  );

  // The webhook in its own context, where JSON bodies stay raw bytes: the signature covers them exactly.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      WEBHOOK_PATH,
      {
        schema: {
          tags: ['payments'],
          summary:
            'RazorPay webhook (payment.captured, order.paid, refund.processed, refund.failed), X-Razorpay-Signature over the raw body',
          response: { 200: z.object({ status: z.string() }), 400: errorSchema },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const outcome = await payments.handleRazorpayWebhook(
          app.db,
          deps(),
          raw,
          req.headers['x-razorpay-signature'],
        );
        return { status: outcome };
      },
    );
  });

  // The sandbox delivers its webhook through the real route, signed, as RazorPay would.
  const prefix = app.prefix;
  app.jobs.handle(payments.RAZORPAY_SANDBOX_WEBHOOK_JOB, async (payload) => {
    const res = await app.inject({
      method: 'POST',
      url: `${prefix}${WEBHOOK_PATH}`,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': String(payload.signature) },
      payload: String(payload.body),
    });
    if (res.statusCode !== 200) throw new Error(`sandbox webhook answered ${res.statusCode}: ${res.body}`);
  });
}
