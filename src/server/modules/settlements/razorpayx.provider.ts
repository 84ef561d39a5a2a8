import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { conveniencesAllowed, hasRealPaymentKeys, type Config } from '../../config.ts';

/**
 * RazorpayX Payouts (docs/decisions/0121-payouts.md): sends one seller payout to a bank account (IMPS) or
 * a UPI id, idempotent by our payout id. Real keys → the HTTP API; no keys, in development on loopback →
 * the built-in sandbox, which answers like RazorpayX and delivers its webhooks, signed, through the real
 * webhook route (payout.processed, and payout.reversed for the test accounts), so the code that settles a
 * payout is the production code. Elsewhere without keys (production, or beside any real payment key): no
 * provider, and payouts go out by bank file.
 */

/** Where the money goes, as frozen on the payout (payouts.repo accountSnapshot). */
export type PayoutDestination = Record<string, string>;

export type CreatePayoutInput = {
  /** Our payout id: the idempotency key and the reference id. */
  idempotencyKey: string;
  amountPaise: number;
  account: PayoutDestination;
  /** Our payout id (echoed back in webhooks as reference_id). */
  referenceId: string;
  sellerId: string;
  narration: string;
};

export type ProviderPayout = { id: string; status: string; utr?: string; reason?: string };

/** A provider that could not be reached or answered an error. `refused`: a definitive 4xx, do not retry. */
export class PayoutProviderError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(`RazorpayX: ${message}`);
    this.name = 'PayoutProviderError';
  }
}

export type SignedWebhook = { event: string; body: string; signature: string };

export interface PayoutProvider {
  readonly sandbox: boolean;
  /** Signs webhook bodies; null when RAZORPAYX_WEBHOOK_SECRET is not set (webhooks refused). */
  readonly webhookSecret: string | null;
  createPayout(input: CreatePayoutInput): Promise<ProviderPayout>;
}

export interface PayoutSandbox extends PayoutProvider {
  readonly sandbox: true;
  readonly webhookSecret: string;
  /** Payouts the sandbox holds, by idempotency key: one per key, however often it was asked. */
  readonly payouts: ReadonlyMap<string, ProviderPayout & { amount: number; referenceId: string }>;
  /** The signed webhooks RazorpayX would send for this payout, in order. */
  webhooksFor(idempotencyKey: string): SignedWebhook[];
}

export const RAZORPAYX_API = 'https://api.razorpay.com';

const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** X-Razorpay-Signature: lower-case hex HMAC-SHA256 of the raw body, compared in constant time. */
export function verifyPayoutWebhook(rawBody: Buffer | string, signature: unknown, secret: string): boolean {
  if (!secret || typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const a = Buffer.from(hmacHex(secret, rawBody), 'hex');
  const b = Buffer.from(signature.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export const signPayoutWebhook = (rawBody: string, secret: string) => hmacHex(secret, rawBody);

/** The fund account RazorpayX pays to, with its contact (the seller). */
function fundAccount(account: PayoutDestination, sellerId: string) {
  const contact = { name: account.accountHolder ?? '', type: 'vendor', reference_id: sellerId };
  return account.method === 'upi'
    ? { account_type: 'vpa', vpa: { address: account.vpa ?? '' }, contact }
    : {
        account_type: 'bank_account',
        bank_account: {
          name: account.accountHolder ?? '',
          ifsc: account.ifsc ?? '',
          account_number: account.accountNumber ?? '',
        },
        contact,
      };
}

/** IMPS carries up to ₹5,00,000 a transfer; larger bank payouts go by NEFT. */
export const IMPS_LIMIT_PAISE = 5_00_000_00;
/** UPI carries up to ₹1,00,000 a payout (a seller paid by UPI above it is skipped: over_upi_limit). */
export const UPI_LIMIT_PAISE = 1_00_000_00;

/** The transfer mode of a payout, by its account and amount (the bank file uses the same rule). */
export function payoutMode(account: Record<string, string>, amountPaise: number): 'UPI' | 'IMPS' | 'NEFT' {
  if (account.method === 'upi') return 'UPI';
  return amountPaise > IMPS_LIMIT_PAISE ? 'NEFT' : 'IMPS';
}

/** The real Payouts API (POST /v1/payouts with a composite fund account), basic auth with the key pair. */
export function createRazorpayxApi(opts: {
  keyId: string;
  keySecret: string;
  accountNumber: string;
  webhookSecret: string | null;
  baseUrl?: string;
}): PayoutProvider {
  const base = (opts.baseUrl ?? RAZORPAYX_API).replace(/\/$/, '');
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  return {
    sandbox: false,
    webhookSecret: opts.webhookSecret,
    async createPayout(input) {
      let res: Response;
      try {
        res = await fetch(`${base}/v1/payouts`, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/json',
            'x-payout-idempotency': input.idempotencyKey,
          },
          body: JSON.stringify({
            account_number: opts.accountNumber,
            fund_account: fundAccount(input.account, input.sellerId),
            amount: input.amountPaise,
            currency: 'INR',
            mode: payoutMode(input.account, input.amountPaise),
            purpose: 'payout',
            queue_if_low_balance: true,
            reference_id: input.referenceId,
            narration: input.narration.slice(0, 30),
          }),
          signal: AbortSignal.timeout(20_000),
        });
      } catch (err) {
        throw new PayoutProviderError(`request failed: ${(err as Error).message}`, false);
      }
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: keep the text for the error
      }
      const p = (body ?? {}) as {
        id?: unknown;
        status?: unknown;
        utr?: unknown;
        failure_reason?: unknown;
        status_details?: { description?: unknown } | null;
      };
      if (res.status >= 200 && res.status < 300 && typeof p.id === 'string') {
        const reason = p.status_details?.description ?? p.failure_reason;
        return {
          id: p.id,
          status: String(p.status ?? 'processing'),
          ...(typeof p.utr === 'string' && p.utr ? { utr: p.utr } : {}),
          ...(typeof reason === 'string' && reason ? { reason } : {}),
        };
      }
      // 400/422: the request itself is wrong (bad account, bad amount); retrying cannot help.
      const refused = res.status === 400 || res.status === 422;
      throw new PayoutProviderError(`payout not created (HTTP ${res.status})`, refused, res.status, body);
    },
  };
}

const id14 = (seed: string, secret: string) => hmacHex(secret, seed).slice(0, 14).toUpperCase();

/**
 * The sandbox: no network. A payout's id is derived from the idempotency key ('pout_SBX…'), and the
 * sandbox keeps one payout per key, so asking again answers the same payout. It accepts a payout as
 * 'processing' and, like RazorpayX, settles it by webhook: payout.processed with a UTR; for an account
 * number ending in '000' or a UPI id starting 'reverse', payout.processed then payout.reversed; a UPI id
 * starting 'invalid' is refused with HTTP 400; an account number ending in '999' or a UPI id starting
 * 'rejected' is created but answered 'rejected' (and no webhook follows).
 */
export function createRazorpayxSandbox(opts: { webhookSecret: string }): PayoutSandbox {
  const payouts = new Map<
    string,
    ProviderPayout & { amount: number; referenceId: string; reverse: boolean }
  >();
  return {
    sandbox: true,
    webhookSecret: opts.webhookSecret,
    payouts,
    async createPayout(input) {
      const vpa = input.account.vpa ?? '';
      if (input.account.method === 'upi' && vpa.startsWith('invalid')) {
        throw new PayoutProviderError('payout not created (HTTP 400)', true, 400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'Invalid VPA' },
        });
      }
      const known = payouts.get(input.idempotencyKey);
      if (known)
        return { id: known.id, status: known.status, ...(known.reason ? { reason: known.reason } : {}) };
      const rejected =
        (input.account.method === 'upi' && vpa.startsWith('rejected')) ||
        (input.account.method !== 'upi' && (input.account.accountNumber ?? '').endsWith('999'));
      const made = {
        id: `pout_SBX${id14(`payout:${input.idempotencyKey}`, opts.webhookSecret)}`,
        status: rejected ? 'rejected' : 'processing',
        ...(rejected ? { reason: 'Sandbox: beneficiary account rejected' } : {}),
        amount: input.amountPaise,
        referenceId: input.referenceId,
        reverse:
          (input.account.method !== 'upi' && (input.account.accountNumber ?? '').endsWith('000')) ||
          (input.account.method === 'upi' && vpa.startsWith('reverse')),
      };
      payouts.set(input.idempotencyKey, made);
      return { id: made.id, status: made.status, ...(made.reason ? { reason: made.reason } : {}) };
    },
    webhooksFor(idempotencyKey) {
      const p = payouts.get(idempotencyKey);
      if (!p || p.status === 'rejected') return [];
      const utr = `SBXUTR${id14(`utr:${idempotencyKey}`, opts.webhookSecret).slice(0, 10)}`;
      const events = p.reverse ? ['payout.processed', 'payout.reversed'] : ['payout.processed'];
      return events.map((event) => {
        const body = JSON.stringify({
          entity: 'event',
          account_id: 'acc_SBXhaatsandbox',
          event,
          contains: ['payout'],
          payload: {
            payout: {
              entity: {
                id: p.id,
                entity: 'payout',
                amount: p.amount,
                currency: 'INR',
                status: event === 'payout.reversed' ? 'reversed' : 'processed',
                utr,
                reference_id: p.referenceId,
                ...(event === 'payout.reversed'
                  ? {
                      status_details: {
                        reason: 'beneficiary_bank_rejected',
                        description: 'Sandbox reversal',
                      },
                    }
                  : {}),
              },
            },
          },
          created_at: Math.floor(Date.now() / 1000),
        });
        return { event, body, signature: signPayoutWebhook(body, opts.webhookSecret) };
      });
    },
  };
}

export const isPayoutSandbox = (p: PayoutProvider | null): p is PayoutSandbox => !!p && p.sandbox;

/** A secret the sandbox signs with, derived from APP_SECRET (as the payment sandboxes' are). */
function sandboxSecret(config: Config, purpose: string): string {
  const key = config.appSecret ?? processSecret;
  return createHmac('sha256', key).update(`haat-sandbox:${purpose}`).digest('hex');
}
const processSecret = randomBytes(32).toString('hex');

const providers = new WeakMap<Config, PayoutProvider | null>();

/**
 * The payout provider of this configuration (one per app, kept so the sandbox's payouts live as long as
 * the app): real keys → RazorpayX; none, where development conveniences are allowed → the sandbox; else null.
 */
export function payoutProviderOf(config: Config): PayoutProvider | null {
  if (providers.has(config)) return providers.get(config) ?? null;
  const rx = config.razorpayx;
  const provider =
    rx.keyId && rx.keySecret && rx.accountNumber
      ? createRazorpayxApi({
          keyId: rx.keyId,
          keySecret: rx.keySecret,
          accountNumber: rx.accountNumber,
          webhookSecret: rx.webhookSecret ?? null,
        })
      : conveniencesAllowed(config) && !hasRealPaymentKeys(config)
        ? createRazorpayxSandbox({ webhookSecret: sandboxSecret(config, 'razorpayx-webhook') })
        : null;
  providers.set(config, provider);
  return provider;
}
