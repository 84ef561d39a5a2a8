import { describe, expect, it } from 'vitest';
import { paymentShare, unitsRefund } from './refunds.ts';

describe('unitsRefund', () => {
  const line = { qty: 3, discountedUnit: 99_900, lineTax: 14_986 };
  it('gives back the whole line for all its units', () => {
    expect(unitsRefund(line, 3)).toBe(3 * 99_900 + 14_986);
  });
  it('shares the line GST by units, half-up', () => {
    // 14986 × 1 / 3 = 4995.33 → 4995
    expect(unitsRefund(line, 1)).toBe(99_900 + 4_995);
    // 14986 × 2 / 3 = 9990.67 → 9991
    expect(unitsRefund(line, 2)).toBe(2 * 99_900 + 9_991);
  });
  it('refuses a quantity the line does not hold', () => {
    expect(() => unitsRefund(line, 4)).toThrow(RangeError);
    expect(() => unitsRefund(line, 0)).toThrow(RangeError);
  });
});

describe('paymentShare', () => {
  it('is the refund itself when the payment is in the order currency', () => {
    expect(
      paymentShare({
        paymentAmount: 50_000,
        orderTotal: 50_000,
        refund: 20_000,
        alreadyRefunded: 0,
        alreadyRefundedValue: 0,
      }),
    ).toBe(20_000);
  });
  it('converts by proportion for a payment in another currency, half-up', () => {
    // ₹1,000.00 charged as $12.03; refunding ₹333.33 → 1203 × 33333 / 100000 = 400.99 → 401 cents
    expect(
      paymentShare({
        paymentAmount: 1_203,
        orderTotal: 100_000,
        refund: 33_333,
        alreadyRefunded: 0,
        alreadyRefundedValue: 0,
      }),
    ).toBe(401);
  });
  it('takes exactly what is left for the last part, so rounding leaves nothing behind', () => {
    expect(
      paymentShare({
        paymentAmount: 1_203,
        orderTotal: 100_000,
        refund: 66_667,
        alreadyRefunded: 401,
        alreadyRefundedValue: 33_333,
      }),
    ).toBe(802);
  });
  it('never gives back more than was paid', () => {
    expect(
      paymentShare({
        paymentAmount: 1_000,
        orderTotal: 1_000,
        refund: 900,
        alreadyRefunded: 800,
        alreadyRefundedValue: 50,
      }),
    ).toBe(200);
    expect(
      paymentShare({
        paymentAmount: 1_000,
        orderTotal: 1_000,
        refund: 10,
        alreadyRefunded: 1_000,
        alreadyRefundedValue: 990,
      }),
    ).toBe(0);
  });
});
