import { describe, expect, it } from 'vitest';
import { COMMISSION_SAC, commissionInvoice, commissionOf } from './commission.ts';
import { payoutSplit } from './payout.ts';

describe('commissionOf', () => {
  it('is the complement of the seller payout: 100 at 15 % gives 15', () => {
    expect(commissionOf({ unitPrice: 10_000, discountPerUnit: 0, qty: 1, percentageMarkup: '15' })).toBe(
      1_500,
    );
  });

  it('is taken on the discounted line and rounds so payout + commission = line', () => {
    const line = { unitPrice: 199_900, discountPerUnit: 33_333, qty: 3, percentageMarkup: '12.5' };
    const split = payoutSplit(line);
    // (1999 − 333.33) × 3 = 4997.01; seller 87.5 % = 4372.38375 → 4372.38, commission 624.63.
    expect(commissionOf(line)).toBe(62_463);
    expect(commissionOf(line) + split.sellerPayout).toBe(split.lineTotal);
  });

  it('is zero at no markup', () => {
    expect(commissionOf({ unitPrice: 50_000, discountPerUnit: 0, qty: 2, percentageMarkup: '0' })).toBe(0);
  });
});

describe('commissionInvoice', () => {
  it('splits 18 % into CGST + SGST within the operator state', () => {
    const inv = commissionInvoice({
      month: '2026-10',
      charged: 62_496,
      credited: 0,
      gstRate: '18',
      intraState: true,
    })!;
    expect(inv.lines).toHaveLength(1);
    // 624.96 × 9 % = 56.2464 → 56.25 each.
    expect(inv.cgst).toBe(5_625);
    expect(inv.sgst).toBe(5_625);
    expect(inv.igst).toBe(0);
    expect(inv.total).toBe(62_496 + 11_250);
  });

  it('charges IGST across states, rounded half-up once', () => {
    const inv = commissionInvoice({
      month: '2026-10',
      charged: 62_496,
      credited: 0,
      gstRate: '18',
      intraState: false,
    })!;
    // 624.96 × 18 % = 112.4928 → 112.49.
    expect(inv.igst).toBe(11_249);
    expect(inv.cgst + inv.sgst).toBe(0);
  });

  it('subtracts the credited commission as a negative line with its own tax', () => {
    const inv = commissionInvoice({
      month: '2026-10',
      charged: 30_000,
      credited: 1_250,
      gstRate: '18',
      intraState: false,
    })!;
    expect(inv.lines.map((l) => l.taxableValue)).toEqual([30_000, -1_250]);
    // 300 × 18 % = 54; 12.50 × 18 % = 2.25.
    expect(inv.lines.map((l) => l.gst.igst)).toEqual([5_400, -225]);
    expect(inv.taxableValue).toBe(28_750);
    expect(inv.igst).toBe(5_175);
    expect(inv.total).toBe(33_925);
  });

  it('rounds a credit the way it rounds a charge (half away from zero)', () => {
    const inv = commissionInvoice({
      month: '2026-10',
      charged: 10_000,
      credited: 25,
      gstRate: '18',
      intraState: true,
    })!;
    // ₹0.25 × 9 % = 2.25 paise → 2 paise per component, negative.
    expect(inv.lines[1]!.gst).toEqual({ cgst: -2, sgst: -2, igst: 0 });
  });

  it('issues nothing for a month with nothing (or less than nothing) to charge', () => {
    expect(
      commissionInvoice({ month: '2026-10', charged: 0, credited: 0, gstRate: '18', intraState: true }),
    ).toBeUndefined();
    expect(
      commissionInvoice({ month: '2026-10', charged: 100, credited: 100, gstRate: '18', intraState: true }),
    ).toBeUndefined();
    expect(
      commissionInvoice({ month: '2026-10', charged: 100, credited: 500, gstRate: '18', intraState: true }),
    ).toBeUndefined();
  });

  it('refuses negative amounts', () => {
    expect(() =>
      commissionInvoice({ month: '2026-10', charged: -1, credited: 0, gstRate: '18', intraState: true }),
    ).toThrow(RangeError);
  });

  it('uses SAC 998599', () => {
    expect(COMMISSION_SAC).toBe('998599');
  });
});
