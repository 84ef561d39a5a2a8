import { describe, expect, it } from 'vitest';
import { payoutSplit, sellerPayoutPerUnit } from './payout.ts';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('seller payout (docs/product/pricing-and-tax.md)', () => {
  it('100 at 15 % gives 85', () => {
    expect(sellerPayoutPerUnit(10_000, 0, 15)).toBe(8_500);
    expect(sellerPayoutPerUnit(10_000, 0, '15')).toBe(8_500);
    expect(sellerPayoutPerUnit(10_000, 0, '15.00')).toBe(8_500);
    expect(payoutSplit({ unitPrice: 10_000, discountPerUnit: 0, qty: 1, percentageMarkup: 15 })).toEqual({
      lineTotal: 10_000,
      sellerPayout: 8_500,
      marketplaceTake: 1_500,
    });
  });

  it('takes the markup after the discount: (price − discount) × (1 − markup/100)', () => {
    // (₹100 − ₹10) × 0.85 = ₹76.50
    expect(sellerPayoutPerUnit(10_000, 1_000, 15)).toBe(7_650);
    expect(payoutSplit({ unitPrice: 10_000, discountPerUnit: 1_000, qty: 2, percentageMarkup: 15 })).toEqual({
      lineTotal: 18_000,
      sellerPayout: 15_300,
      marketplaceTake: 2_700,
    });
  });

  it.each<[number, number, string | number, number]>([
    [999, 0, '12.5', 874], // 874.125 → 874
    [10, 0, 15, 9], // 8.5 → 9
    [129_950, 12_995, '15', 99_412], // ₹1169.55 × 0.85 = ₹994.1175 → ₹994.12
    [2_999, 0, '10', 2_699], // 2699.1
    [3, 0, '50', 2], // 1.5 → 2
    [1, 0, '50', 1], // 0.5 → 1
    [12_345, 0, 0, 12_345],
    [12_345, 0, 100, 0],
    [0, 0, 15, 0],
  ])('%i − %i at %s percent markup → %i per unit', (price, discount, markup, expected) => {
    expect(sellerPayoutPerUnit(price, discount, markup)).toBe(expected);
  });

  it('rounds once per line, not per unit', () => {
    // 3 × ₹0.10 at 15 %: line ₹0.30 × 0.85 = ₹0.255 → ₹0.26; per unit would give 3 × ₹0.09 = ₹0.27.
    expect(payoutSplit({ unitPrice: 10, discountPerUnit: 0, qty: 3, percentageMarkup: 15 })).toEqual({
      lineTotal: 30,
      sellerPayout: 26,
      marketplaceTake: 4,
    });
    expect(3 * sellerPayoutPerUnit(10, 0, 15)).toBe(27);
  });

  it('markup 0 gives all to the seller, 100 all to the marketplace', () => {
    expect(payoutSplit({ unitPrice: 5_000, discountPerUnit: 500, qty: 4, percentageMarkup: 0 })).toEqual({
      lineTotal: 18_000,
      sellerPayout: 18_000,
      marketplaceTake: 0,
    });
    expect(payoutSplit({ unitPrice: 5_000, discountPerUnit: 500, qty: 4, percentageMarkup: '100' })).toEqual({
      lineTotal: 18_000,
      sellerPayout: 0,
      marketplaceTake: 18_000,
    });
  });

  it('qty 0 is an empty line', () => {
    expect(payoutSplit({ unitPrice: 5_000, discountPerUnit: 0, qty: 0, percentageMarkup: 15 })).toEqual({
      lineTotal: 0,
      sellerPayout: 0,
      marketplaceTake: 0,
    });
  });

  it('refuses impossible input', () => {
    expect(() => sellerPayoutPerUnit(10_000, 0, 101)).toThrow(RangeError);
    expect(() => sellerPayoutPerUnit(10_000, 0, -1)).toThrow(RangeError);
    expect(() => sellerPayoutPerUnit(10_000, 0, 'abc')).toThrow(RangeError);
    expect(() => sellerPayoutPerUnit(10_000, 10_001, 15)).toThrow(RangeError);
    expect(() => sellerPayoutPerUnit(10_000, -1, 15)).toThrow(RangeError);
    expect(() => sellerPayoutPerUnit(-1, 0, 15)).toThrow(RangeError);
    expect(() => sellerPayoutPerUnit(10.5, 0, 15)).toThrow(RangeError);
    expect(() => payoutSplit({ unitPrice: 100, discountPerUnit: 0, qty: -1, percentageMarkup: 15 })).toThrow(
      RangeError,
    );
    expect(() => payoutSplit({ unitPrice: 100, discountPerUnit: 0, qty: 1.5, percentageMarkup: 15 })).toThrow(
      RangeError,
    );
  });

  it('always splits the line exactly, over many random lines', () => {
    const r = rng(15);
    for (let i = 0; i < 5000; i++) {
      const unitPrice = Math.floor(r() * 10_000_000);
      const discountPerUnit = Math.floor(r() * unitPrice);
      const qty = 1 + Math.floor(r() * 50);
      const hundredths = Math.floor(r() * 10_001); // 0.00 – 100.00 %
      const s = payoutSplit({
        unitPrice,
        discountPerUnit,
        qty,
        percentageMarkup: (hundredths / 100).toFixed(2),
      });
      const line = (unitPrice - discountPerUnit) * qty;
      expect(s.lineTotal).toBe(line);
      expect(s.sellerPayout + s.marketplaceTake).toBe(line);
      expect(Number.isSafeInteger(s.sellerPayout)).toBe(true);
      expect(s.sellerPayout).toBeGreaterThanOrEqual(0);
      expect(s.marketplaceTake).toBeGreaterThanOrEqual(0);
      expect(s.sellerPayout).toBe(Math.floor((2 * line * (10_000 - hundredths) + 10_000) / 20_000));
    }
  });
});
