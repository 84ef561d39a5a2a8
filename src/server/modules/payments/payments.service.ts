import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { currencyByCode } from '#shared/currencies.ts';
import { convertMinor, formatDecimal, INR, parseMoney, toWireNumber, tryParseMoney } from '#shared/money.ts';
import { PAYMENT_MSG, paypalChargeCurrency, paypalConverts, RAZORPAY_CURRENCY } from '#shared/payments.ts';
import type { Order } from '#shared/schemas/order.ts';
import type { PaymentQuote, RazorpayOrder, RazorpaySuccess } from '#shared/schemas/payment.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import { paymentsPaid } from '../../lib/metrics.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { getRateFromInr } from '../currency/rates.service.ts';
import { getOrder, markOrderPaid } from '../orders/orders.service.ts';
import {
  refundGoneShipmentsOnPayment,
  requestRefund,
  settleProviderRefund,
  type ProviderRefundAnswer,
  type ProviderRefundRequest,
} from '../refunds/refunds.service.ts';
import type { PaymentProviders } from './providers.ts';
import { isRazorpaySandbox } from './razorpay.provider.ts';
import { verifyPaymentSignature, verifyWebhookSignature } from './razorpay-signature.ts';
import * as repo from './payments.repo.ts';

/**
 * Online payments (docs/product/orders-and-checkout.md#checkout-flow, docs/product/api.md; docs/product/payments.md). The amount is always the order's, read from the database;
 * the client only names the order. An order becomes paid in one transaction with its payment row,
 * keyed by the provider's payment id, through the orders module's `markOrderPaid`; the same transaction
 * queues the completion mails, so they never depend on the browser.
 */

export type PaymentsDeps = { providers: PaymentProviders; log: FastifyBaseLogger };

/** The job that lets the RazorPay sandbox deliver its webhook, as RazorPay would, a moment after paying. */
export const RAZORPAY_SANDBOX_WEBHOOK_JOB = 'payments.razorpay_sandbox_webhook';

const digitsOf = (code: string) => currencyByCode(code)?.decimalDigits ?? 2;

function unavailable(provider: string): AppError {
  return new AppError('not_found', PAYMENT_MSG.notConfigured(provider), { code: 'provider_unavailable' });
}

export function razorpayOf(deps: PaymentsDeps) {
  if (!deps.providers.razorpay) throw unavailable('RazorPay');
  return deps.providers.razorpay;
}
export function paypalOf(deps: PaymentsDeps) {
  if (!deps.providers.paypal) throw unavailable('PayPal');
  return deps.providers.paypal;
}

/** The caller's own order (anyone else's is 404, like an unknown id). */
async function ownOrder(ctx: AuthedCtx, orderId: string): Promise<repo.PayableOrder> {
  const order = await repo.findPayableOrder(ctx.db, orderId);
  if (!order || order.userId !== ctx.actor.id) throw notFound('Order not found');
  return order;
}

/** Only a placed, unpaid order takes a new payment. */
function assertPayable(order: repo.PayableOrder) {
  if (order.status === 'cancelled') throw conflict(PAYMENT_MSG.cancelledOrder, 'order_cancelled');
  if (order.isPaid) throw conflict(PAYMENT_MSG.alreadyPaid, 'order_paid');
}

/** RazorPay charges the order's INR total, in paise. */
const razorpayAmount = (order: repo.PayableOrder) => parseMoney(order.totalPriceInr, INR.decimalDigits);

/**
 * PayPal's charge, in USD (see `paypalChargeCurrency`): a USD order's own total; otherwise the INR total
 * converted at the rate table's USD rate. Once a PayPal order exists for it, that amount is the charge,
 * so the figure shown is the figure captured.
 */
async function paypalCharge(
  db: Queryable,
  order: repo.PayableOrder,
): Promise<{ currency: string; amountMinor: number; converted: boolean }> {
  const open = await repo.latestOpenPayment(db, order.id, 'PayPal');
  const currency = paypalChargeCurrency(order.orderCurrency);
  const converted = paypalConverts(order.orderCurrency);
  if (open) return { currency: open.currency, amountMinor: open.amountMinor, converted };
  if (!converted)
    return { currency, amountMinor: parseMoney(order.totalPrice, digitsOf(currency)), converted };
  const { rateFromInr } = await getRateFromInr(db, currency);
  const to = { decimalDigits: digitsOf(currency), rounding: 0 };
  return { currency, amountMinor: convertMinor(razorpayAmount(order), rateFromInr, INR, to), converted };
}

/** GET /api/orders/:id/payment-quote: what each provider will charge for this order. */
export async function paymentQuote(ctx: AuthedCtx, orderId: string): Promise<PaymentQuote> {
  const order = await ownOrder(ctx, orderId);
  const pp = await paypalCharge(ctx.db, order);
  return {
    RazorPay: { amount: toWireNumber(razorpayAmount(order), INR.decimalDigits), currency: RAZORPAY_CURRENCY },
    PayPal: {
      amount: toWireNumber(pp.amountMinor, digitsOf(pp.currency)),
      currency: pp.currency,
      converted: pp.converted,
    },
  };
}

/**
 * Paying succeeded at the provider: in one transaction, attach the payment id to its row (once), mark the
 * order paid (once) and queue the completion mails (once). Returns whether this call paid the order.
 * A payment for an order that is already paid or was cancelled is kept on its row and, in the same
 * transaction, refunded whole through its provider (docs/decisions/0111-refunds.md: cause 'late-payment').
 */
async function recordPayment(
  db: Database,
  deps: PaymentsDeps,
  row: repo.PaymentRow,
  payment: {
    providerPaymentId: string;
    raw: Record<string, unknown>;
    paymentResult: Record<string, unknown>;
  },
): Promise<boolean> {
  const paid = await db.transaction(async (tx) => {
    const claimed = await repo
      .claimPayment(tx, row.id, payment.providerPaymentId, payment.raw)
      .catch((err: unknown) => {
        // The same provider payment already on another row: it was recorded before.
        if (
          (err as { code?: string }).code === '23505' ||
          (err as { cause?: { code?: string } }).cause?.code === '23505'
        ) {
          return false;
        }
        throw err;
      });
    if (!claimed) return false;
    const paid = await markOrderPaid(tx, row.orderId, {
      method: row.provider,
      paymentResult: payment.paymentResult,
    });
    // Paying completes the order: markOrderPaid queued its mails in this transaction.
    if (paid) {
      // The provider charged the whole order: a parcel cancelled (or returned) while it was unpaid is
      // given back now, once per parcel (docs/decisions/0111-refunds.md).
      const refunds = await refundGoneShipmentsOnPayment(tx, row.orderId);
      if (refunds.length > 0) {
        deps.log.info(
          { orderId: row.orderId, provider: row.provider, refundIds: refunds.map((r) => r.id) },
          'order paid after some of its parcels were cancelled: refunding them',
        );
      }
    } else {
      const refund = await requestRefund(tx, {
        orderId: row.orderId,
        cause: { kind: 'late-payment', paymentId: row.id },
        lines: [],
        reason: 'Paid after the order was cancelled or already paid',
        actor: { id: null, role: 'system' },
      });
      deps.log.warn(
        {
          orderId: row.orderId,
          provider: row.provider,
          providerPaymentId: payment.providerPaymentId,
          refundId: refund?.id ?? null,
        },
        'payment received for an order that is already paid or cancelled: refunding it',
      );
    }
    return paid;
  });
  if (paid) paymentsPaid.inc({ method: row.provider });
  return paid;
}

// ---------------------------------------------------------------------------------------------------------
// RazorPay
// ---------------------------------------------------------------------------------------------------------

/** POST /api/orders/RazorPay: the RazorPay order to open checkout with, for the order's INR total. */
export async function createRazorpayOrder(
  ctx: AuthedCtx,
  deps: PaymentsDeps,
  orderId: string,
): Promise<RazorpayOrder> {
  const rz = razorpayOf(deps);
  const order = await ownOrder(ctx, orderId);
  assertPayable(order);
  const amount = razorpayAmount(order);
  const reply = (providerOrderId: string): RazorpayOrder => ({
    razor_order_id: providerOrderId,
    amount,
    currency: RAZORPAY_CURRENCY,
    key_id: rz.keyId,
    sandbox: rz.sandbox,
    orderId: order.id,
  });
  // A RazorPay order takes several attempts until one succeeds: reuse the open one when it still fits.
  const open = await repo.latestOpenPayment(ctx.db, order.id, 'RazorPay');
  if (open?.providerOrderId && open.amountMinor === amount && open.currency === RAZORPAY_CURRENCY) {
    return reply(open.providerOrderId);
  }
  const created = await rz.createOrder({
    amount,
    currency: RAZORPAY_CURRENCY,
    receipt: order.id,
    notes: { orderId: order.id },
  });
  await repo.insertPayment(ctx.db, {
    orderId: order.id,
    provider: 'RazorPay',
    providerOrderId: created.id,
    amountMinor: amount,
    currency: RAZORPAY_CURRENCY,
    raw: created,
  });
  return reply(created.id);
}

/**
 * The checks both RazorPay confirmations share: the provider order is one we created for THIS order,
 * for the amount the order costs now.
 */
function assertRazorpayRowFits(
  row: repo.PaymentRow | undefined,
  order: repo.PayableOrder,
): asserts row is repo.PaymentRow {
  if (!row || row.orderId !== order.id) throw invalid(PAYMENT_MSG.wrongOrder);
  if (row.currency !== RAZORPAY_CURRENCY || row.amountMinor !== razorpayAmount(order)) {
    throw invalid(PAYMENT_MSG.wrongAmount);
  }
}

/**
 * PUT /api/orders/:id/RazorPay/pay: checkout's success handler result. Verified by signature (constant
 * time) and by the provider order belonging to this order and amount; then paid. A client `status` is
 * never read. Already paid by the same payment (the webhook came first): answered with the order as is.
 */
export async function confirmRazorpayPayment(
  ctx: AuthedCtx & { db: Database },
  deps: PaymentsDeps,
  orderId: string,
  body: RazorpaySuccess,
): Promise<Order> {
  const rz = razorpayOf(deps);
  const order = await ownOrder(ctx, orderId);
  const ok = verifyPaymentSignature(
    {
      orderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    },
    rz.keySecret,
  );
  if (!ok) throw new AppError('invalid', PAYMENT_MSG.signatureInvalid, { code: 'payment_signature_invalid' });
  const row = await repo.findByProviderOrder(ctx.db, 'RazorPay', body.razorpay_order_id);
  assertRazorpayRowFits(row, order);
  if (row.providerPaymentId && row.providerPaymentId !== body.razorpay_payment_id) {
    throw conflict(PAYMENT_MSG.alreadyPaid, 'order_paid');
  }
  const paid = await recordPayment(ctx.db, deps, row, {
    providerPaymentId: body.razorpay_payment_id,
    raw: { ...(row.raw ?? {}), payment: { id: body.razorpay_payment_id, verifiedBy: 'checkout' } },
    paymentResult: {
      id: body.razorpay_payment_id,
      status: 'succeeded',
      provider: 'RazorPay',
      razorpay_order_id: body.razorpay_order_id,
      amount: row.amountMinor,
      currency: row.currency,
    },
  });
  if (!paid && order.status === 'cancelled') throw conflict(PAYMENT_MSG.cancelledOrder, 'order_cancelled');
  return getOrder(ctx, orderId);
}

type RazorpayWebhookEvent = {
  event?: string;
  payload?: {
    payment?: {
      entity?: { id?: string; order_id?: string; amount?: number; currency?: string; status?: string };
    };
    refund?: {
      entity?: {
        id?: string;
        payment_id?: string;
        amount?: number;
        currency?: string;
        status?: string;
        notes?: Record<string, string> | unknown[];
      };
    };
  };
};

export type WebhookOutcome = 'paid' | 'refunded' | 'failed' | 'duplicate' | 'ignored';

/**
 * POST /api/payments/razorpay/webhook: `payment.captured` and `order.paid` mark the order paid, once.
 * The signature is checked against the raw body before anything is parsed. Anything we cannot use is
 * acknowledged ('ignored') so RazorPay does not retry it forever; a replay is a 'duplicate' and changes nothing.
 */
export async function handleRazorpayWebhook(
  db: Database,
  deps: PaymentsDeps,
  rawBody: Buffer,
  signature: unknown,
): Promise<WebhookOutcome> {
  const rz = razorpayOf(deps);
  if (!rz.webhookSecret) throw unavailable('RazorPay webhook');
  if (!verifyWebhookSignature(rawBody, signature, rz.webhookSecret)) {
    throw new AppError('invalid', PAYMENT_MSG.signatureInvalid, { code: 'webhook_signature_invalid' });
  }
  let event: RazorpayWebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as RazorpayWebhookEvent;
  } catch {
    throw invalid('Invalid JSON');
  }
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    const r = event.payload?.refund?.entity;
    if (!r?.id || typeof r.amount !== 'number' || !r.currency) return 'ignored';
    const notes = r.notes && !Array.isArray(r.notes) ? r.notes : {};
    return settleProviderRefund(db, {
      method: 'RazorPay',
      providerRefundId: r.id,
      refundId: typeof notes.refund_id === 'string' ? notes.refund_id : null,
      outcome: event.event === 'refund.processed' ? 'processed' : 'failed',
      amountMinor: r.amount,
      currency: r.currency,
      raw: { ...r, event: event.event },
    });
  }
  if (event.event !== 'payment.captured' && event.event !== 'order.paid') return 'ignored';
  const p = event.payload?.payment?.entity;
  if (!p?.id || !p.order_id || p.status !== 'captured') return 'ignored';
  const row = await repo.findByProviderOrder(db, 'RazorPay', p.order_id);
  if (!row) return 'ignored';
  if (row.providerPaymentId) return 'duplicate';
  if (p.amount !== row.amountMinor || p.currency !== row.currency) {
    deps.log.error(
      { orderId: row.orderId, payment: p },
      'RazorPay webhook amount differs from the order: not marked paid',
    );
    return 'ignored';
  }
  const order = await repo.findPayableOrder(db, row.orderId);
  if (!order || razorpayAmount(order) !== row.amountMinor) return 'ignored';
  const paid = await recordPayment(db, deps, row, {
    providerPaymentId: p.id,
    raw: { ...(row.raw ?? {}), payment: p, verifiedBy: 'webhook', event: event.event },
    paymentResult: {
      id: p.id,
      status: 'succeeded',
      provider: 'RazorPay',
      razorpay_order_id: p.order_id,
      amount: p.amount,
      currency: p.currency,
    },
  });
  return paid ? 'paid' : 'duplicate';
}

/**
 * POST /api/payments/sandbox/razorpay/pay: the sandbox's "Pay" button. Plays RazorPay: returns what
 * checkout.js gives its success handler (signed with the sandbox key secret), and queues the webhook
 * RazorPay would send, so both confirmation paths run as in production.
 */
export async function sandboxRazorpayPay(
  ctx: AuthedCtx,
  deps: PaymentsDeps,
  razorpayOrderId: string,
): Promise<RazorpaySuccess> {
  const rz = deps.providers.razorpay;
  if (!isRazorpaySandbox(rz)) throw notFound();
  const row = await repo.findByProviderOrder(ctx.db, 'RazorPay', razorpayOrderId);
  const order = row ? await repo.findPayableOrder(ctx.db, row.orderId) : undefined;
  if (!row || !order || order.userId !== ctx.actor.id) throw notFound('Order not found');
  const result = rz.completePayment(razorpayOrderId);
  const hook = rz.webhookFor(
    { id: razorpayOrderId, amount: row.amountMinor, currency: row.currency },
    result.razorpay_payment_id,
  );
  await enqueue(ctx.db, RAZORPAY_SANDBOX_WEBHOOK_JOB, hook, { runAt: new Date(Date.now() + 2000) });
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Refunds at the provider (the refunds module's `refund.execute` job calls this)
// ---------------------------------------------------------------------------------------------------------

/**
 * Gives money back through the provider that took it (docs/decisions/0111-refunds.md), idempotent by our
 * refund id: RazorPay's X-Refund-Idempotency, PayPal's PayPal-Request-Id. RazorPay answers 'pending' and
 * settles by its refund.processed webhook (the sandbox queues that webhook as RazorPay would send it);
 * PayPal answers COMPLETED, or PENDING, which the job follows up by reading the refund.
 */
export async function refundAtProvider(
  db: Queryable,
  deps: PaymentsDeps,
  req: ProviderRefundRequest,
): Promise<ProviderRefundAnswer> {
  if (req.method === 'RazorPay') {
    const rz = razorpayOf(deps);
    const r = await rz.refund(req.providerPaymentId, {
      amount: req.amountMinor,
      currency: req.currency,
      refundId: req.refundId,
      notes: { order_id: req.orderId, order_number: req.orderNumber },
    });
    const status = r.status === 'processed' ? 'processed' : r.status === 'failed' ? 'failed' : 'pending';
    if (status === 'pending' && isRazorpaySandbox(rz)) {
      await enqueue(db, RAZORPAY_SANDBOX_WEBHOOK_JOB, rz.refundWebhookFor(r), {
        runAt: new Date(Date.now() + 2000),
        dedupeKey: `razorpay-sandbox-refund:${r.id}`,
      });
    }
    return { providerRefundId: r.id, status, settledByWebhook: true, raw: r.raw };
  }
  const pp = paypalOf(deps);
  const r = req.providerRefundId
    ? await pp.getRefund(req.providerRefundId)
    : await pp.refundCapture(req.providerPaymentId, {
        currency: req.currency,
        value: formatDecimal(req.amountMinor, digitsOf(req.currency)),
        requestId: req.refundId,
        invoiceId: req.refundId,
        noteToPayer: `Refund for order ${req.orderNumber}: ${req.reason}`,
      });
  const status =
    r.status === 'COMPLETED'
      ? 'processed'
      : r.status === 'FAILED' || r.status === 'CANCELLED'
        ? 'failed'
        : 'pending';
  return { providerRefundId: r.id, status, settledByWebhook: false, raw: r.raw };
}

// ---------------------------------------------------------------------------------------------------------
// PayPal
// ---------------------------------------------------------------------------------------------------------

/** POST /api/orders/:id/PayPal/create: a PayPal order (intent CAPTURE) for the order's charge. */
export async function createPayPalOrder(
  ctx: AuthedCtx,
  deps: PaymentsDeps,
  orderId: string,
): Promise<{ id: string }> {
  const pp = paypalOf(deps);
  const order = await ownOrder(ctx, orderId);
  assertPayable(order);
  const charge = await paypalCharge(ctx.db, order);
  // Reuse the open PayPal order while it still fits: two tabs (or a retry) then approve the SAME PayPal
  // order, which PayPal captures at most once, instead of two orders that could both be captured.
  const open = await repo.latestOpenPayment(ctx.db, order.id, 'PayPal');
  if (open?.providerOrderId && open.amountMinor === charge.amountMinor && open.currency === charge.currency) {
    return { id: open.providerOrderId };
  }
  const created = await pp.createOrder({
    currency: charge.currency,
    value: formatDecimal(charge.amountMinor, digitsOf(charge.currency)),
    referenceId: order.id,
    requestId: randomUUID(),
  });
  await repo.insertPayment(ctx.db, {
    orderId: order.id,
    provider: 'PayPal',
    providerOrderId: created.id,
    amountMinor: charge.amountMinor,
    currency: charge.currency,
    raw: created,
  });
  return { id: created.id };
}

/**
 * PUT /api/orders/:id/PayPal/pay: capture on the server. Only a COMPLETED capture of exactly the stored
 * amount and currency marks the order paid; anything else is 400 and the order stays unpaid.
 */
export async function capturePayPalOrder(
  ctx: AuthedCtx & { db: Database },
  deps: PaymentsDeps,
  orderId: string,
  paypalOrderId: string,
): Promise<Order> {
  const pp = paypalOf(deps);
  const order = await ownOrder(ctx, orderId);
  const row = await repo.findByProviderOrder(ctx.db, 'PayPal', paypalOrderId);
  if (!row || row.orderId !== order.id) throw invalid(PAYMENT_MSG.wrongOrder);
  if (row.providerPaymentId) return getOrder(ctx, orderId); // captured before: nothing more to do
  assertPayable(order); // never take money for an order that is paid or cancelled

  const result = await pp.captureOrder(paypalOrderId, { requestId: `capture-${row.id}` });
  const c = result.capture;
  if (result.status !== 'COMPLETED' || !c || c.status !== 'COMPLETED') {
    await repo.markAttempt(ctx.db, row.id, 'failed', { ...(row.raw ?? {}), capture: result.raw });
    throw new AppError('invalid', PAYMENT_MSG.notCompleted, { code: 'payment_not_completed' });
  }
  const captured = tryParseMoney(c.amount.value, digitsOf(c.amount.currency_code));
  if (c.amount.currency_code !== row.currency || captured !== row.amountMinor) {
    await repo.markAttempt(ctx.db, row.id, 'amount_mismatch', { ...(row.raw ?? {}), capture: result.raw });
    deps.log.error(
      { orderId, paypalOrderId, captured: c.amount },
      'PayPal captured another amount: not marked paid, refund it',
    );
    throw new AppError('invalid', PAYMENT_MSG.wrongAmount, { code: 'payment_amount_mismatch' });
  }
  await recordPayment(ctx.db, deps, row, {
    providerPaymentId: c.id,
    raw: { ...(row.raw ?? {}), capture: result.raw },
    paymentResult: {
      id: c.id,
      status: 'COMPLETED',
      provider: 'PayPal',
      paypal_order_id: paypalOrderId,
      amount: c.amount.value,
      currency: c.amount.currency_code,
    },
  });
  return getOrder(ctx, orderId);
}
