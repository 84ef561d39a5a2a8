import { describe, expect, it } from 'vitest';
import { currencyByCode } from './currencies.ts';
import { outcomeMessage, PAYMENT_OUTCOMES, PAYPAL_CURRENCIES, paypalChargeCurrency } from './payments.ts';

describe('payment outcomes', () => {
  it("only success thanks the buyer; every other outcome is 'Order Cancelled'", () => {
    expect(outcomeMessage('succeeded')).toBe('Thank you for your order!');
    for (const o of PAYMENT_OUTCOMES.filter((o) => o !== 'succeeded'))
      expect(outcomeMessage(o)).toBe('Order Cancelled');
  });
});

describe('PayPal charge currency', () => {
  it('INR orders are charged in USD; PayPal currencies in themselves; others in USD', () => {
    expect(paypalChargeCurrency('INR')).toBe('USD');
    expect(paypalChargeCurrency('inr')).toBe('USD');
    expect(paypalChargeCurrency('EUR')).toBe('EUR');
    expect(paypalChargeCurrency('usd')).toBe('USD');
    expect(paypalChargeCurrency('AED')).toBe('USD');
    expect(paypalChargeCurrency('HUF')).toBe('USD');
  });

  it('every PayPal currency is in our currency table with PayPal decimal digits (JPY 0, others 2)', () => {
    for (const code of PAYPAL_CURRENCIES) {
      const c = currencyByCode(code);
      expect(c, code).toBeDefined();
      expect(c!.decimalDigits, code).toBe(code === 'JPY' ? 0 : 2);
    }
  });
});
