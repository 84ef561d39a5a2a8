import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProviderError, providerFetch } from './provider-http.ts';

/** PayPal's capture answer, reduced to what decides whether an order is paid. */
export type PayPalCapture = {
  /** The PayPal order's status: COMPLETED when captured. */
  status: string;
  capture: { id: string; status: string; amount: { currency_code: string; value: string } } | null;
  raw: Record<string, unknown>;
};

/** PayPal's refund of a capture. `status`: COMPLETED, PENDING, FAILED or CANCELLED. */
export type PayPalRefund = {
  id: string;
  status: string;
  raw: Record<string, unknown>;
};

export interface PayPalProvider {
  readonly sandbox: boolean;
  /** Public client id for the JS SDK. */
  readonly clientId: string;
  /** Orders v2 create: intent CAPTURE, one purchase unit. `value` in major units ("12.34"). */
  createOrder(input: {
    currency: string;
    value: string;
    referenceId: string;
    requestId: string;
  }): Promise<{ id: string; status: string }>;
  /** Orders v2 capture, idempotent by `requestId` (PayPal-Request-Id). */
  captureOrder(paypalOrderId: string, input: { requestId: string }): Promise<PayPalCapture>;
  /**
   * Payments v2: refund part or all of a capture, in the captured currency, idempotent by `requestId`
   * (PayPal-Request-Id = our refund id): the same request again answers the same refund.
   */
  refundCapture(
    captureId: string,
    input: { currency: string; value: string; requestId: string; invoiceId: string; noteToPayer: string },
  ): Promise<PayPalRefund>;
  /** Payments v2: a refund as it is now (to follow a PENDING one). */
  getRefund(refundId: string): Promise<PayPalRefund>;
}

export const PAYPAL_API = 'https://api-m.paypal.com';

type PayPalOrderBody = {
  id?: string;
  status?: string;
  purchase_units?: {
    payments?: {
      captures?: { id: string; status: string; amount: { currency_code: string; value: string } }[];
    };
  }[];
};

function readCapture(body: unknown): PayPalCapture {
  const b = (body ?? {}) as PayPalOrderBody;
  const c = b.purchase_units?.[0]?.payments?.captures?.[0];
  return {
    status: String(b.status ?? 'UNKNOWN'),
    capture:
      c && typeof c.id === 'string' && c.amount
        ? { id: c.id, status: String(c.status), amount: c.amount }
        : null,
    raw: (body ?? {}) as Record<string, unknown>,
  };
}

/**
 * The real REST API (Orders v2): an OAuth client-credentials token, cached until shortly before it
 * expires; create and capture carry PayPal-Request-Id so a retried request is not a second order or a
 * second capture (https://developer.paypal.com/api/rest/reference/idempotency/).
 */
export function createPayPalApi(opts: {
  clientId: string;
  clientSecret: string;
  baseUrl?: string;
}): PayPalProvider {
  const base = (opts.baseUrl ?? PAYPAL_API).replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const { status, body } = await providerFetch('PayPal', `${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const b = body as { access_token?: string; expires_in?: number } | null;
    if (status !== 200 || !b?.access_token)
      throw new ProviderError('PayPal', `no access token (HTTP ${status})`, status, body);
    token = { value: b.access_token, expiresAt: Date.now() + Math.max(0, (b.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  const headers = async (requestId: string) => ({
    authorization: `Bearer ${await accessToken()}`,
    'content-type': 'application/json',
    'paypal-request-id': requestId,
    prefer: 'return=representation',
  });

  return {
    sandbox: false,
    clientId: opts.clientId,
    async createOrder(input) {
      const { status, body } = await providerFetch('PayPal', `${base}/v2/checkout/orders`, {
        method: 'POST',
        headers: await headers(input.requestId),
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.referenceId,
              custom_id: input.referenceId,
              amount: { currency_code: input.currency, value: input.value },
            },
          ],
        }),
      });
      const b = body as { id?: string; status?: string } | null;
      if ((status !== 200 && status !== 201) || typeof b?.id !== 'string') {
        throw new ProviderError('PayPal', `order not created (HTTP ${status})`, status, body);
      }
      return { id: b.id, status: String(b.status ?? 'CREATED') };
    },
    async captureOrder(paypalOrderId, input) {
      const url = `${base}/v2/checkout/orders/${encodeURIComponent(paypalOrderId)}`;
      const { status, body } = await providerFetch('PayPal', `${url}/capture`, {
        method: 'POST',
        headers: await headers(input.requestId),
        body: '{}',
      });
      if (status === 200 || status === 201) return readCapture(body);
      const issue = (body as { details?: { issue?: string }[] } | null)?.details?.[0]?.issue;
      if (status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
        // Captured earlier (another tab, a lost answer): read the order for its capture.
        const again = await providerFetch('PayPal', url, {
          method: 'GET',
          headers: await headers(input.requestId),
        });
        if (again.status === 200) return readCapture(again.body);
      }
      if (status === 422 || status === 400) {
        // PayPal refused (not approved, declined, …): a payment that did not complete, not an outage.
        return {
          status: issue ?? 'NOT_COMPLETED',
          capture: null,
          raw: (body ?? {}) as Record<string, unknown>,
        };
      }
      throw new ProviderError('PayPal', `capture failed (HTTP ${status})`, status, body);
    },
    async refundCapture(captureId, input) {
      const url = `${base}/v2/payments/captures/${encodeURIComponent(captureId)}/refund`;
      const { status, body } = await providerFetch('PayPal', url, {
        method: 'POST',
        headers: await headers(input.requestId),
        body: JSON.stringify({
          amount: { currency_code: input.currency, value: input.value },
          invoice_id: input.invoiceId,
          note_to_payer: input.noteToPayer.slice(0, 255),
        }),
      });
      const r = readRefund(body);
      if ((status !== 200 && status !== 201) || !r) {
        throw new ProviderError('PayPal', `refund not created (HTTP ${status})`, status, body);
      }
      return r;
    },
    async getRefund(refundId) {
      const url = `${base}/v2/payments/refunds/${encodeURIComponent(refundId)}`;
      const { status, body } = await providerFetch('PayPal', url, {
        method: 'GET',
        headers: await headers(`get-${refundId}`),
      });
      const r = readRefund(body);
      if (status !== 200 || !r)
        throw new ProviderError('PayPal', `refund not read (HTTP ${status})`, status, body);
      return r;
    },
  };
}

function readRefund(body: unknown): PayPalRefund | null {
  const b = (body ?? {}) as { id?: unknown; status?: unknown };
  if (typeof b.id !== 'string') return null;
  return { id: b.id, status: String(b.status ?? 'PENDING'), raw: body as Record<string, unknown> };
}

/**
 * The built-in sandbox: no network and no state of its own. The PayPal order id carries the amount and
 * an HMAC of it (`SBX-<currency>-<value>-<nonce>-<mac>`), so capture knows what was ordered and nobody can
 * invent an order with another amount. Capture always completes (the sandbox dialog's Pay).
 */
export function createPayPalSandbox(opts: { secret: string }): PayPalProvider {
  const mac = (s: string) => createHmac('sha256', opts.secret).update(s).digest('hex').slice(0, 16);
  return {
    sandbox: true,
    clientId: 'sb-haat-sandbox',
    async createOrder(input) {
      const nonce = mac(input.requestId).slice(0, 8).toUpperCase();
      const body = `SBX-${input.currency}-${input.value}-${nonce}`;
      return { id: `${body}-${mac(body)}`, status: 'CREATED' };
    },
    async captureOrder(paypalOrderId) {
      const m = /^(SBX-([A-Z]{3})-(\d+(?:\.\d+)?)-[0-9A-F]{8})-([0-9a-f]{16})$/.exec(paypalOrderId);
      const valid = !!m && timingSafeEqual(Buffer.from(mac(m[1]!)), Buffer.from(m[4]!));
      if (!m || !valid)
        return { status: 'RESOURCE_NOT_FOUND', capture: null, raw: { name: 'RESOURCE_NOT_FOUND' } };
      const amount = { currency_code: m[2]!, value: m[3]! };
      const capture = {
        id: `SBXCAP${mac(`capture:${paypalOrderId}`).toUpperCase()}`,
        status: 'COMPLETED',
        amount,
      };
      return {
        status: 'COMPLETED',
        capture,
        raw: {
          id: paypalOrderId,
          status: 'COMPLETED',
          purchase_units: [{ payments: { captures: [capture] } }],
        },
      };
    },
    async refundCapture(captureId, input) {
      if (!/^SBXCAP[0-9A-F]{16}$/.test(captureId)) {
        throw new ProviderError('PayPal', 'refund not created (HTTP 404)', 404, {
          name: 'RESOURCE_NOT_FOUND',
        });
      }
      // The refund id comes from the request id, so a retried request answers the same refund.
      const raw = {
        id: `SBXRFD${mac(`refund:${input.requestId}`).toUpperCase()}`,
        status: 'COMPLETED',
        amount: { currency_code: input.currency, value: input.value },
        invoice_id: input.invoiceId,
      };
      return { id: raw.id, status: raw.status, raw };
    },
    async getRefund(refundId) {
      return { id: refundId, status: 'COMPLETED', raw: { id: refundId, status: 'COMPLETED' } };
    },
  };
}
