import { describe, expect, it } from 'vitest';
import { outcomeMessage, PAYMENT_OUTCOMES, paypalChargeCurrency } from './payments.ts';

describe('payment outcomes', () => {
  it("only success thanks the buyer; every other outcome is 'Order Cancelled'", () => {
    expect(outcomeMessage('succeeded')).toBe('Thank you for your order!');
    for (const o of PAYMENT_OUTCOMES.filter((o) => o !== 'succeeded'))
      expect(outcomeMessage(o)).toBe('Order Cancelled');
  });
});

describe('PayPal charge currency', () => {
  it('is US dollars for every order currency (PayPal takes no INR from Indian accounts)', () => {
    for (const c of ['INR', 'inr', 'USD', 'EUR', 'AED', 'JPY']) expect(paypalChargeCurrency(c)).toBe('USD');
  });
});
