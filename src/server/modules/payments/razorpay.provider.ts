import { randomBytes } from 'node:crypto';
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
  };
}

const id14 = () => randomBytes(10).toString('base64url').replace(/[-_]/g, 'X').slice(0, 14);

/**
 * The built-in sandbox: no network. Orders get ids like RazorPay's (`order_` + 14 characters, with SBX
 * in them); payments are signed with the sandbox key secret exactly as RazorPay signs real ones, so the
 * verification code that runs is the production code.
 */
export function createRazorpaySandbox(opts: { keySecret: string; webhookSecret: string }): RazorpaySandbox {
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
  };
}

export const isRazorpaySandbox = (p: RazorpayProvider | null): p is RazorpaySandbox => !!p && p.sandbox;
