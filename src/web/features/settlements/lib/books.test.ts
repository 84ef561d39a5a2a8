import { describe, expect, it } from 'vitest';
import { indiaTomorrow, oldestAge, ruleScope, ruleStatus, sumRupees } from './books.ts';
import { englishT as t } from '#web/lib/i18n/english-t.ts';

const none = { sellerId: null, sellerName: null, categoryName: null, productId: null, productName: null };

describe('settlement books words', () => {
  it('says a rule is Future, In force or Ended by its dates (India days, inclusive)', () => {
    expect(ruleStatus({ effectiveFrom: '2026-11-28', effectiveTo: null }, '2026-11-27')).toBe('future');
    expect(ruleStatus({ effectiveFrom: '2026-11-27', effectiveTo: '2026-11-27' }, '2026-11-27')).toBe(
      'in_force',
    );
    expect(ruleStatus({ effectiveFrom: '2026-01-01', effectiveTo: '2026-11-26' }, '2026-11-27')).toBe(
      'ended',
    );
  });

  it('names the most specific part of a rule first', () => {
    expect(ruleScope(t, { ...none, productId: 'p', productName: 'Silk saree', sellerName: 'Kavya' })).toBe(
      'Product: Silk saree (seller Kavya)',
    );
    expect(ruleScope(t, { ...none, sellerId: 's', sellerName: 'Kavya', categoryName: 'Sarees' })).toBe(
      'Seller: Kavya in category Sarees',
    );
    expect(ruleScope(t, { ...none, sellerId: 's', sellerName: 'Kavya' })).toBe('Seller: Kavya');
    expect(ruleScope(t, { ...none, categoryName: 'Sarees' })).toBe('Category: Sarees');
  });

  it('adds rupee amounts exactly and finds the oldest age holding cash', () => {
    expect(sumRupees([0.1, 0.2, 1234.57])).toBe(1234.87);
    expect(sumRupees([])).toBe(0);
    expect(oldestAge({ d0to2: 10, d3to7: 0, d8to30: 5.5, over30: 0 })).toBe('d8to30');
    expect(oldestAge({ d0to2: 0, d3to7: 0, d8to30: 0, over30: 0 })).toBeNull();
  });

  it('starts new rules tomorrow on the India calendar', () => {
    // 27 Nov 2026 20:00 UTC is already 28 Nov in India.
    expect(indiaTomorrow(Date.parse('2026-11-27T20:00:00Z'))).toBe('2026-11-29');
  });
});
