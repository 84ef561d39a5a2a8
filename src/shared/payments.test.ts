import { describe, expect, it } from 'vitest';
import {
  outcomeMessage,
  PAYMENT_OUTCOMES,
  paypalChargeCurrency,
  paypalChargeNote,
  paypalConverts,
} from './payments.ts';

describe('payment outcomes', () => {
  it('only success thanks the buyer; every other outcome says the order is saved and can be paid (ADR 0133)', () => {
    expect(outcomeMessage('succeeded')).toBe('Thank you for your order!');
    for (const o of PAYMENT_OUTCOMES.filter((o) => o !== 'succeeded')) {
      expect(outcomeMessage(o)).toBe('Payment not completed — your order is saved, try again');
      expect(outcomeMessage(o)).not.toMatch(/cancel/i);
    }
  });
});

describe('PayPal charge currency', () => {
  it('is US dollars for every order currency (PayPal takes no INR from Indian accounts)', () => {
    for (const c of ['INR', 'inr', 'USD', 'EUR', 'AED', 'JPY']) expect(paypalChargeCurrency(c)).toBe('USD');
  });
});

describe('PayPal conversion', () => {
  it('converts every order not in US dollars, INR included; a USD order is charged its own total', () => {
    for (const c of ['INR', 'EUR', 'AED', 'JPY']) expect(paypalConverts(c)).toBe(true);
    expect(paypalConverts('USD')).toBe(false);
    expect(paypalConverts('usd')).toBe(false);
  });

  it('says so on the payment-method step', () => {
    expect(paypalChargeNote('USD')).toBe('Charged in US dollars.');
    expect(paypalChargeNote('INR')).toBe(
      "Charged in US dollars (USD), converted from the order's INR total at the order's exchange rate.",
    );
  });
});
