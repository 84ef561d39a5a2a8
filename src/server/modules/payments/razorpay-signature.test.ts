import { randomBytes } from 'node:crypto';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { describe, expect, it } from 'vitest';
import {
  paymentSignature,
  signaturesMatch,
  verifyPaymentSignature,
  verifyWebhookSignature,
  webhookSignature,
} from './razorpay-signature.ts';

/** Cross-checked with the official `razorpay` package's helpers (dev dependency, tests only). */

const rnd = (n: number) => randomBytes(n).toString('base64url');

describe('checkout payment signature', () => {
  it('is the hex HMAC-SHA256 of "order_id|payment_id" keyed with the secret', () => {
    // Expected value computed independently:
    // printf '%s' 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'EnLs21M47BllR3X8PSFtjtbd'
    const sig = paymentSignature('order_IEIaMR65cu6nz3', 'pay_IH4NVgf4Dreq1l', 'EnLs21M47BllR3X8PSFtjtbd');
    expect(sig).toBe('0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f');
    expect(
      validatePaymentVerification(
        { order_id: 'order_IEIaMR65cu6nz3', payment_id: 'pay_IH4NVgf4Dreq1l' },
        sig,
        'EnLs21M47BllR3X8PSFtjtbd',
      ),
    ).toBe(true);
  });

  it('agrees with validatePaymentVerification on 200 random cases, matching and not', () => {
    for (let i = 0; i < 200; i++) {
      const orderId = `order_${rnd(10)}`;
      const paymentId = `pay_${rnd(10)}`;
      const secret = rnd(18);
      const good = paymentSignature(orderId, paymentId, secret);
      const bad =
        i % 2
          ? paymentSignature(orderId, `pay_${rnd(10)}`, secret)
          : paymentSignature(orderId, paymentId, rnd(18));
      for (const sig of [good, bad]) {
        const official = validatePaymentVerification(
          { order_id: orderId, payment_id: paymentId },
          sig,
          secret,
        );
        expect(verifyPaymentSignature({ orderId, paymentId, signature: sig }, secret)).toBe(official);
      }
      expect(verifyPaymentSignature({ orderId, paymentId, signature: good }, secret)).toBe(true);
    }
  });

  it('rejects a signature for another order, swapped ids, or a missing secret', () => {
    const secret = 'key_secret';
    const sig = paymentSignature('order_A', 'pay_1', secret);
    expect(verifyPaymentSignature({ orderId: 'order_B', paymentId: 'pay_1', signature: sig }, secret)).toBe(
      false,
    );
    expect(verifyPaymentSignature({ orderId: 'pay_1', paymentId: 'order_A', signature: sig }, secret)).toBe(
      false,
    );
    expect(verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_1', signature: sig }, '')).toBe(
      false,
    );
    expect(verifyPaymentSignature({ orderId: '', paymentId: 'pay_1', signature: sig }, secret)).toBe(false);
  });

  it('accepts upper-case hex, refuses malformed values without throwing', () => {
    const secret = 's';
    const sig = paymentSignature('order_A', 'pay_1', secret);
    expect(
      verifyPaymentSignature(
        { orderId: 'order_A', paymentId: 'pay_1', signature: sig.toUpperCase() },
        secret,
      ),
    ).toBe(true);
    for (const bad of [
      undefined,
      null,
      42,
      '',
      sig.slice(0, 63),
      `${sig}0`,
      sig.replace(/^./, 'g'),
      ` ${sig}`,
      {},
    ]) {
      expect(verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_1', signature: bad }, secret)).toBe(
        false,
      );
    }
  });
});

describe('webhook signature over the raw body', () => {
  it('agrees with validateWebhookSignature on random bodies', () => {
    for (let i = 0; i < 100; i++) {
      const body = JSON.stringify({ event: 'payment.captured', n: i, s: rnd(i + 1), unicode: '₹ é 🙂' });
      const secret = rnd(16);
      const sig = webhookSignature(body, secret);
      expect(validateWebhookSignature(body, sig, secret)).toBe(true);
      expect(verifyWebhookSignature(body, sig, secret)).toBe(true);
      expect(verifyWebhookSignature(Buffer.from(body), sig, secret)).toBe(true);
      const forged = webhookSignature(body, rnd(16));
      expect(verifyWebhookSignature(body, forged, secret)).toBe(
        validateWebhookSignature(body, forged, secret),
      );
    }
  });

  it('is about the bytes: re-serialised JSON with the same meaning does not verify', () => {
    const raw = '{"event":"payment.captured",  "payload":{"amount":1000}}';
    const secret = 'whsec';
    const sig = webhookSignature(raw, secret);
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect(verifyWebhookSignature(raw, sig, secret)).toBe(true);
    expect(verifyWebhookSignature(reserialised, sig, secret)).toBe(false);
    expect(validateWebhookSignature(reserialised, sig, secret)).toBe(false);
  });

  it('signaturesMatch is false for different lengths and non-hex', () => {
    expect(signaturesMatch('ab'.repeat(32), 'ab'.repeat(32))).toBe(true);
    expect(signaturesMatch('ab'.repeat(32), 'ab'.repeat(31))).toBe(false);
    expect(signaturesMatch('ab'.repeat(32), 'zz'.repeat(32))).toBe(false);
  });
});
