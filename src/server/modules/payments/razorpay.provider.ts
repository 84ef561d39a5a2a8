import { createHmac, randomBytes } from 'node:crypto';
import { ProviderError, providerFetch } from './provider-http.ts';
import { paymentSignature, webhookSignature } from './razorpay-signature.ts';

/** RazorPay's order as its Orders API returns it (the fields we use). */
export type RazorpayProviderOrder = {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
};

/** RazorPay's refund entity (the fields we use). `status`: pending, processed or failed. */
export type RazorpayRefund = {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  status: string;
  notes: Record<string, string>;
  raw: Record<string, unknown>;
};

export type RazorpayRefundInput = {
  /** Minor units (paise) of `currency`, the payment's. */
  amount: number;
  currency: string;
  /** Our refund id: the receipt, the `refund_id` note and the idempotency key (X-Refund-Idempotency). */
  refundId: string;
  notes: Record<string, string>;
};

export interface RazorpayProvider {
  readonly sandbox: boolean;
  /** Public key id for checkout.js. */
  readonly keyId: string;
  /** Signs checkout results (HMAC of "order_id|payment_id"). Never leaves the server. */
  readonly keySecret: string;
  /** Signs webhook bodies; null when RAZORPAY_WEBHOOK_SECRET is not set (webhooks refused). */
  readonly webhookSecret: string | null;
  /** Orders API: create the order checkout.js is opened for. `amount` in minor units. */
  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<RazorpayProviderOrder>;
  /**
   * Refunds API: a normal refund of part or all of a captured payment
   * (https://razorpay.com/docs/api/refunds/create-normal/), idempotent by our refund id, so a retry after a
   * lost answer gets the same refund back, never a second one.
   */
  refund(paymentId: string, input: RazorpayRefundInput): Promise<RazorpayRefund>;
}

/** The sandbox also plays RazorPay's side of checkout: it "takes" a payment and signs the result. */
export interface RazorpaySandbox extends RazorpayProvider {
  readonly sandbox: true;
  completePayment(razorpayOrderId: string): {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
  /** A signed `order.paid` webhook as RazorPay would send it after that payment. */
  webhookFor(
    order: { id: string; amount: number; currency: string },
    paymentId: string,
  ): { body: string; signature: string };
  /** A signed `refund.processed` (or `refund.failed`) webhook as RazorPay would send it for that refund. */
  refundWebhookFor(
    refund: RazorpayRefund,
    event?: 'refund.processed' | 'refund.failed',
  ): {
    body: string;
    signature: string;
  };
}

export const RAZORPAY_API = 'https://api.razorpay.com';

/** The real Orders API (https://razorpay.com/docs/api/orders/create/), basic auth with the key pair. */
export function createRazorpayApi(opts: {
  keyId: string;
  keySecret: string;
  webhookSecret: string | null;
  baseUrl?: string;
}): RazorpayProvider {
  const base = (opts.baseUrl ?? RAZORPAY_API).replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  return {
    sandbox: false,
    keyId: opts.keyId,
    keySecret: opts.keySecret,
    webhookSecret: opts.webhookSecret,
    async createOrder(input) {
      const { status, body } = await providerFetch('RazorPay', `${base}/v1/orders`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      const o = body as Partial<RazorpayProviderOrder> | null;
      if (
        status !== 200 ||
        !o ||
        typeof o.id !== 'string' ||
        o.amount !== input.amount ||
        o.currency !== input.currency
      ) {
        throw new ProviderError('RazorPay', `order not created (HTTP ${status})`, status, body);
      }
      return {
        id: o.id,
        amount: o.amount,
        currency: o.currency,
        receipt: o.receipt ?? null,
        status: o.status ?? 'created',
      };
    },
    async refund(paymentId, input) {
      const url = `${base}/v1/payments/${encodeURIComponent(paymentId)}/refund`;
      const { status, body } = await providerFetch('RazorPay', url, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'application/json',
          'x-refund-idempotency': input.refundId,
        },
        body: JSON.stringify({
          amount: input.amount,
          speed: 'normal',
          receipt: input.refundId,
          notes: { ...input.notes, refund_id: input.refundId },
        }),
      });
      const r = readRefund(body);
      if (status !== 200 || !r || r.amount !== input.amount) {
        throw new ProviderError('RazorPay', `refund not created (HTTP ${status})`, status, body);
      }
      return r;
    },
  };
}

function readRefund(body: unknown): RazorpayRefund | null {
  const r = (body ?? {}) as Partial<Omit<RazorpayRefund, 'raw'>>;
  if (typeof r.id !== 'string' || typeof r.amount !== 'number') return null;
  return {
    id: r.id,
    payment_id: String(r.payment_id ?? ''),
    amount: r.amount,
    currency: String(r.currency ?? ''),
    status: String(r.status ?? 'pending'),
    notes: r.notes && typeof r.notes === 'object' && !Array.isArray(r.notes) ? r.notes : {},
    raw: body as Record<string, unknown>,
  };
}

const id14 = () => randomBytes(10).toString('base64url').replace(/[-_]/g, 'X').slice(0, 14);

/**
 * The built-in sandbox: no network. Orders get ids like RazorPay's (`order_` + 14 characters, with SBX
 * in them); payments are signed with the sandbox key secret exactly as RazorPay signs real ones, so the
 * verification code that runs is the production code.
 */
export function createRazorpaySandbox(opts: { keySecret: string; webhookSecret: string }): RazorpaySandbox {
  // A refund's id is derived from our refund id, so asking again (a retry) answers the same refund.
  const refundIdOf = (key: string) =>
    `rfnd_SBX${createHmac('sha256', opts.keySecret).update(`refund:${key}`).digest('hex').slice(0, 11).toUpperCase()}`;
  return {
    sandbox: true,
    keyId: 'rzp_test_haat_sandbox',
    keySecret: opts.keySecret,
    webhookSecret: opts.webhookSecret,
    async createOrder(input) {
      return {
        id: `order_SBX${id14()}`,
        amount: input.amount,
        currency: input.currency,
        receipt: input.receipt,
        status: 'created',
      };
    },
    completePayment(razorpayOrderId) {
      const paymentId = `pay_SBX${id14()}`;
      return {
        razorpay_order_id: razorpayOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(razorpayOrderId, paymentId, opts.keySecret),
      };
    },
    webhookFor(order, paymentId) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_SBXhaatsandbox',
        event: 'order.paid',
        contains: ['payment', 'order'],
        payload: {
          payment: {
            entity: {
              id: paymentId,
              entity: 'payment',
              amount: order.amount,
              currency: order.currency,
              status: 'captured',
              order_id: order.id,
              method: 'card',
              captured: true,
            },
          },
          order: {
            entity: {
              id: order.id,
              entity: 'order',
              amount: order.amount,
              amount_paid: order.amount,
              currency: order.currency,
              status: 'paid',
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { body, signature: webhookSignature(body, opts.webhookSecret) };
    },
    async refund(paymentId, input) {
      if (!/^pay_/.test(paymentId)) {
        throw new ProviderError('RazorPay', 'refund not created (HTTP 400)', 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      }
      const entity = {
        id: refundIdOf(input.refundId),
        entity: 'refund',
        amount: input.amount,
        currency: input.currency,
        payment_id: paymentId,
        notes: { ...input.notes, refund_id: input.refundId },
        receipt: input.refundId,
        status: 'pending',
        speed_requested: 'normal',
      };
      // Like RazorPay, the refund is accepted as pending; the sandbox's refund.processed webhook settles it.
      return { ...entity, raw: entity };
    },
    refundWebhookFor(refund, event = 'refund.processed') {
      const body = JSON.stringify({
        entity: 'event',
        account_id: 'acc_SBXhaatsandbox',
        event,
        contains: ['refund', 'payment'],
        payload: {
          refund: {
            entity: {
              ...refund.raw,
              id: refund.id,
              entity: 'refund',
              amount: refund.amount,
              currency: refund.currency,
              payment_id: refund.payment_id,
              notes: refund.notes,
              status: event === 'refund.processed' ? 'processed' : 'failed',
            },
          },
          payment: { entity: { id: refund.payment_id, entity: 'payment', captured: true } },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { body, signature: webhookSignature(body, opts.webhookSecret) };
    },
  };
}

export const isRazorpaySandbox = (p: RazorpayProvider | null): p is RazorpaySandbox => !!p && p.sandbox;
