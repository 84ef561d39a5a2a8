import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketTotals,
  codFeeEntry,
  commissionOfLine,
  describeCommission,
  holdBucket,
  isPercent,
  keptUnitsReversal,
  isValidAccountNumber,
  isValidIfsc,
  isValidPan,
  isValidVpa,
  LEDGER_ENTRY_KINDS,
  LEDGER_KIND_LABELS,
  ledgerEntryLabel,
  maskAccountNumber,
  HOLDING_RETURN_STATES,
  panOfGstin,
  percentOfPaise,
  pickCommissionRule,
  reversalAmount,
  ruleSpecificity,
  saleEntries,
  SETTLED_SHIPMENT_STATES,
  tdsRateOf,
  type CommissionRule,
  type LedgerRates,
  type SaleLine,
} from './ledger.ts';
import { payoutSplit } from './payout.ts';

/**
 * The seller ledger's pure rules (docs/product/settlements.md, docs/decisions/0120-seller-ledger.md), to
 * the paisa: every entry of a sale, half-up percentages on paise, commission rules and their choice,
 * cumulative reversals, holds at the window's edge, and the payout account checks.
 */

const RATES: LedgerRates = {
  commissionGstRate: '18',
  tcsRate: '0.5',
  tdsRate: '0.1',
  tdsRateWithoutPan: '5',
};

const line = (over: Partial<SaleLine> = {}): SaleLine => ({
  qty: 2,
  unitPrice: 100_000,
  discountPerUnit: 0,
  markup: '15',
  gst: 10_000,
  rule: undefined,
  ...over,
});

const rule = (over: Partial<CommissionRule> = {}): CommissionRule => ({
  id: 'r',
  sellerId: null,
  categoryId: null,
  productId: null,
  kind: 'percent',
  percent: '10',
  fixedPaise: null,
  minPaise: null,
  maxPaise: null,
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  ...over,
});

const amounts = (drafts: { kind: string; amount: number }[]) =>
  Object.fromEntries(drafts.map((d) => [d.kind, d.amount]));

describe('entry kinds and labels', () => {
  it('names every kind, and a reversed sale is a refund clawback', () => {
    expect(Object.keys(LEDGER_KIND_LABELS).sort()).toEqual([...LEDGER_ENTRY_KINDS].sort());
    expect(ledgerEntryLabel('sale', false)).toBe('Sale');
    expect(ledgerEntryLabel('sale', true)).toBe('Refund clawback: sale');
    expect(ledgerEntryLabel('sale_gst', true)).toBe('Refund clawback: GST on sale');
    expect(ledgerEntryLabel('commission', true)).toBe('Commission reversed');
    expect(ledgerEntryLabel('tcs', false)).toBe('TCS (section 52 CGST)');
    expect(ledgerEntryLabel('tds', true)).toBe('TDS (section 194-O) reversed');
  });
});

describe('saleEntries', () => {
  it('writes sale, its GST, commission, GST on commission, TCS and TDS with their bases and rates', () => {
    const drafts = saleEntries(line(), RATES, true);
    // ₹2,000.00 of goods + ₹100.00 GST; 15 % markup = ₹300.00, 18 % of it ₹54.00; TCS 0.5 % = ₹10.00;
    // TDS 0.1 % = ₹2.00.
    expect(drafts).toEqual([
      { kind: 'sale', amount: 200_000, qty: 2 },
      { kind: 'sale_gst', amount: 10_000, qty: 2 },
      { kind: 'commission', amount: -30_000, qty: 2, base: 200_000, rule: 'Category markup 15%' },
      { kind: 'commission_gst', amount: -5_400, qty: 2, base: 30_000, rate: '18' },
      { kind: 'tcs', amount: -1_000, qty: 2, base: 200_000, rate: '0.5' },
      { kind: 'tds', amount: -200, qty: 2, base: 200_000, rate: '0.1' },
    ]);
  });

  it('takes TDS at 5 % when the seller has no PAN (section 206AA)', () => {
    const d = saleEntries(line(), RATES, false);
    expect(d.find((x) => x.kind === 'tds')).toEqual({
      kind: 'tds',
      amount: -10_000,
      qty: 2,
      base: 200_000,
      rate: '5',
    });
    expect(tdsRateOf(RATES, true)).toBe('0.1');
    expect(tdsRateOf(RATES, false)).toBe('5');
  });

  it('computes on the discounted value; GST stays out of the TCS and TDS base', () => {
    // (₹999.99 − ₹100.00) × 3 = ₹2,699.97; 15 %: ₹404.9955 → ₹405.00 (seller keeps ₹2,294.97).
    const d = amounts(
      saleEntries(line({ qty: 3, unitPrice: 99_999, discountPerUnit: 10_000, gst: 32_400 }), RATES, true),
    );
    expect(d).toEqual({
      sale: 269_997,
      sale_gst: 32_400,
      commission: -40_500,
      commission_gst: -7_290,
      tcs: -1_350, // 1,349.985 → 1,350
      tds: -270, // 269.997 → 270
    });
  });

  it('records a rule by its words and its id', () => {
    const r = rule({ id: 'rule-1', sellerId: 's', kind: 'fixed', percent: null, fixedPaise: 4_000 });
    const c = saleEntries(line({ rule: r }), RATES, true).find((x) => x.kind === 'commission');
    expect(c).toEqual({
      kind: 'commission',
      amount: -8_000,
      qty: 2,
      base: 200_000,
      rule: 'Seller rule: ₹40.00 per unit',
      commissionRuleId: 'rule-1',
    });
  });

  it('leaves zero entries out (an entry is never 0)', () => {
    // 99 paise: TCS 0.495 → 0, TDS 0.099 → 0, no GST, commission 15 % = 14.85 → 15 (seller 84.15 → 84).
    expect(saleEntries(line({ qty: 1, unitPrice: 99, gst: 0 }), RATES, true)).toEqual([
      { kind: 'sale', amount: 99, qty: 1 },
      { kind: 'commission', amount: -15, qty: 1, base: 99, rule: 'Category markup 15%' },
      { kind: 'commission_gst', amount: -3, qty: 1, base: 15, rate: '18' }, // 2.7 → 3
    ]);
    // A 0 % markup and a free line: nothing at all.
    expect(saleEntries(line({ qty: 1, unitPrice: 0, gst: 0 }), RATES, true)).toEqual([]);
    expect(amounts(saleEntries(line({ qty: 1, unitPrice: 100, markup: '0', gst: 0 }), RATES, true))).toEqual({
      sale: 100,
      tcs: -1,
    });
  });

  it('keeps SPEC: sale − commission = (price − discount) × qty × (1 − markup/100), half-up per line', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('0', '5', '12.5', '15', '17.25', '33.33', '100'),
        (price, discountPct, qty, markup) => {
          const discount = Math.floor((price * discountPct) / 100);
          const d = amounts(
            saleEntries(line({ qty, unitPrice: price, discountPerUnit: discount, markup }), RATES, true),
          );
          const spec = payoutSplit({
            unitPrice: price,
            discountPerUnit: discount,
            qty,
            percentageMarkup: markup,
          });
          expect((d.sale ?? 0) + (d.commission ?? 0)).toBe(spec.sellerPayout);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('rounding of percentages on paise (half-up)', () => {
  it('rounds half a paisa up and less than half down', () => {
    expect(percentOfPaise(99, '0.5')).toBe(0); // 0.495
    expect(percentOfPaise(100, '0.5')).toBe(1); // 0.5
    expect(percentOfPaise(1_999, '0.1')).toBe(2); // 1.999
    expect(percentOfPaise(1_499, '0.1')).toBe(1); // 1.499
    expect(percentOfPaise(33_333, '0.5')).toBe(167); // TCS on ₹333.33 = 166.665
    expect(percentOfPaise(100_000, '0.5')).toBe(500);
    expect(percentOfPaise(25, '18')).toBe(5); // 4.5
  });

  it('TCS on ₹333.33 is ₹1.67 and TDS ₹0.33', () => {
    const d = amounts(saleEntries(line({ qty: 1, unitPrice: 33_333, gst: 0 }), RATES, true));
    expect(d.tcs).toBe(-167);
    expect(d.tds).toBe(-33); // 33.333
  });
});

describe('commissionOfLine', () => {
  const l = { qty: 3, unitPrice: 10_000, discountPerUnit: 1_000, markup: '15' };

  it('without a rule is the category markup on the discounted line', () => {
    expect(commissionOfLine(l, undefined)).toBe(4_050); // ₹270 × 15 %
  });

  it('a percentage rule uses its own percentage the same way', () => {
    expect(commissionOfLine(l, rule({ percent: '12.5' }))).toBe(3_375);
    expect(
      commissionOfLine({ ...l, unitPrice: 333, discountPerUnit: 0, qty: 1 }, rule({ percent: '10' })),
    ).toBe(33); // seller keeps 299.7 → 300
  });

  it('a fixed rule is its amount per unit', () => {
    expect(commissionOfLine(l, rule({ kind: 'fixed', percent: null, fixedPaise: 2_500 }))).toBe(7_500);
  });

  it('applies minimum and maximum per unit', () => {
    // 10 % of ₹90 = ₹9 a unit; a ₹10 minimum per unit → ₹30.
    expect(commissionOfLine(l, rule({ minPaise: 1_000 }))).toBe(3_000);
    // A ₹5 maximum per unit → ₹15.
    expect(commissionOfLine(l, rule({ maxPaise: 500 }))).toBe(1_500);
    // Inside both bounds: the percentage.
    expect(commissionOfLine(l, rule({ minPaise: 100, maxPaise: 5_000 }))).toBe(2_700);
    expect(commissionOfLine(l, rule({ kind: 'fixed', percent: null, fixedPaise: 100, minPaise: 200 }))).toBe(
      600,
    );
  });

  it('never takes more than the line', () => {
    expect(commissionOfLine(l, rule({ kind: 'fixed', percent: null, fixedPaise: 50_000 }))).toBe(27_000);
    expect(commissionOfLine(l, rule({ minPaise: 1_000_000 }))).toBe(27_000);
    expect(commissionOfLine({ ...l, discountPerUnit: 10_000 }, rule({ minPaise: 100 }))).toBe(0);
  });
});

describe('pickCommissionRule', () => {
  const target = { sellerId: 'S', categoryId: 'C', productId: 'P' };
  const category = rule({ id: 'category', categoryId: 'C' });
  const seller = rule({ id: 'seller', sellerId: 'S' });
  const sellerCategory = rule({ id: 'seller+category', sellerId: 'S', categoryId: 'C' });
  const product = rule({ id: 'product', productId: 'P' });

  it('the most specific wins: product > seller and category > seller > category', () => {
    const all = [category, seller, sellerCategory, product];
    expect(pickCommissionRule(all, target, '2026-06-01')?.id).toBe('product');
    expect(pickCommissionRule([...all].reverse(), target, '2026-06-01')?.id).toBe('product');
    expect(pickCommissionRule([category, seller, sellerCategory], target, '2026-06-01')?.id).toBe(
      'seller+category',
    );
    expect(pickCommissionRule([sellerCategory, seller, category], target, '2026-06-01')?.id).toBe(
      'seller+category',
    );
    expect(pickCommissionRule([category, seller], target, '2026-06-01')?.id).toBe('seller');
    expect(pickCommissionRule([category], target, '2026-06-01')?.id).toBe('category');
    expect(pickCommissionRule([], target, '2026-06-01')).toBeUndefined();
    expect([product, sellerCategory, seller, category].map(ruleSpecificity)).toEqual([4, 3, 2, 1]);
    expect(ruleSpecificity(rule({ productId: 'P', sellerId: 'S' }))).toBe(4);
  });

  it('ignores rules of other sellers, categories and products, and rules naming nothing', () => {
    const others = [
      rule({ id: 'x1', productId: 'Q' }),
      rule({ id: 'x2', sellerId: 'T' }),
      rule({ id: 'x3', categoryId: 'D' }),
      rule({ id: 'x4', sellerId: 'S', categoryId: 'D' }),
      rule({ id: 'x5' }),
    ];
    expect(pickCommissionRule(others, target, '2026-06-01')).toBeUndefined();
    expect(pickCommissionRule([...others, category], target, '2026-06-01')?.id).toBe('category');
    expect(pickCommissionRule([category], { ...target, categoryId: null }, '2026-06-01')).toBeUndefined();
  });

  it('applies only in force on the order date, both bounds inclusive', () => {
    const r = rule({ id: 'june', productId: 'P', effectiveFrom: '2026-06-01', effectiveTo: '2026-06-30' });
    expect(pickCommissionRule([r], target, '2026-05-31')).toBeUndefined();
    expect(pickCommissionRule([r], target, '2026-06-01')?.id).toBe('june');
    expect(pickCommissionRule([r], target, '2026-06-30')?.id).toBe('june');
    expect(pickCommissionRule([r], target, '2026-07-01')).toBeUndefined();
    // A product rule out of force lets a less specific one in force apply.
    expect(pickCommissionRule([r, seller], target, '2026-07-01')?.id).toBe('seller');
  });

  it('between equally specific rules: the latest to take effect, then the last given', () => {
    const early = rule({ id: 'early', sellerId: 'S', effectiveFrom: '2026-01-01' });
    const late = rule({ id: 'late', sellerId: 'S', effectiveFrom: '2026-03-01' });
    expect(pickCommissionRule([early, late], target, '2026-06-01')?.id).toBe('late');
    expect(pickCommissionRule([late, early], target, '2026-06-01')?.id).toBe('late');
    expect(pickCommissionRule([late, early], target, '2026-02-01')?.id).toBe('early');
    const twin = rule({ id: 'twin', sellerId: 'S', effectiveFrom: '2026-03-01' });
    expect(pickCommissionRule([late, twin], target, '2026-06-01')?.id).toBe('twin');
    expect(pickCommissionRule([twin, late], target, '2026-06-01')?.id).toBe('late');
  });
});

describe('describeCommission', () => {
  it('says the rule in words', () => {
    expect(describeCommission(undefined, '15')).toBe('Category markup 15%');
    expect(describeCommission(undefined, '12.50')).toBe('Category markup 12.5%');
    expect(describeCommission(undefined, '10.00')).toBe('Category markup 10%');
    expect(describeCommission(rule({ categoryId: 'C', percent: '8.00' }), '15')).toBe('Category rule: 8%');
    expect(describeCommission(rule({ sellerId: 'S', percent: '12.5' }), '15')).toBe('Seller rule: 12.5%');
    expect(
      describeCommission(rule({ sellerId: 'S', categoryId: 'C', percent: '9', minPaise: 2_000 }), '15'),
    ).toBe('Seller and category rule: 9% (min ₹20.00 per unit)');
    expect(
      describeCommission(
        rule({
          productId: 'P',
          kind: 'fixed',
          percent: null,
          fixedPaise: 4_050,
          minPaise: 0,
          maxPaise: 10_000,
        }),
        '15',
      ),
    ).toBe('Product rule: ₹40.50 per unit (min ₹0.00, max ₹100.00 per unit)');
  });
});

describe('codFeeEntry', () => {
  it('is the fixed fee plus a percentage of the cash collected, never more than it', () => {
    expect(codFeeEntry(210_000, 2_500, '1')).toEqual({
      kind: 'cod_fee',
      amount: -4_600,
      base: 210_000,
      rate: '1',
    });
    expect(codFeeEntry(33_333, 0, '1.5')).toEqual({
      kind: 'cod_fee',
      amount: -500,
      base: 33_333,
      rate: '1.5',
    }); // 499.995
    expect(codFeeEntry(1_000, 2_500, '0')).toEqual({
      kind: 'cod_fee',
      amount: -1_000,
      base: 1_000,
      rate: '0',
    });
    expect(codFeeEntry(210_000, 0, '0')).toBeUndefined();
    expect(codFeeEntry(0, 2_500, '2')).toBeUndefined();
  });
});

describe('reversalAmount', () => {
  it('takes back a share of the units, half-up, with the opposite sign', () => {
    expect(reversalAmount(200_000, 2, 0, 1)).toBe(-100_000);
    expect(reversalAmount(-30_000, 2, 0, 1)).toBe(15_000);
    expect(reversalAmount(100, 3, 0, 1)).toBe(-33); // 33.33
    expect(reversalAmount(100, 3, 1, 1)).toBe(-34); // 66.67 → 67, less 33
    expect(reversalAmount(100, 3, 2, 1)).toBe(-33); // the rest
    expect(reversalAmount(-5, 2, 0, 1)).toBe(3); // −2.5 → −3 (half away from zero)
    expect(reversalAmount(-5, 2, 1, 1)).toBe(2);
    expect(reversalAmount(299_997, 3, 0, 3)).toBe(-299_997);
  });

  it('never goes beyond the entry: units past the quantity take nothing more', () => {
    expect(reversalAmount(100, 3, 2, 5)).toBe(-33);
    expect(reversalAmount(100, 3, 3, 1)).toBe(0);
    expect(reversalAmount(100, 3, 0, 0)).toBe(0);
  });

  it('refuses fractional, negative or empty quantities', () => {
    expect(() => reversalAmount(100, 0, 0, 1)).toThrow(RangeError);
    expect(() => reversalAmount(100, 3, -1, 1)).toThrow(RangeError);
    expect(() => reversalAmount(100, 3, 0, 1.5)).toThrow(RangeError);
  });

  it('in any steps adds up to exactly the entry, and no step overshoots', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }).filter((a) => a !== 0),
        fc.integer({ min: 1, max: 9 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 9 }),
        (amount, qty, steps) => {
          let before = 0;
          let taken = 0;
          for (const step of steps) {
            const r = reversalAmount(amount, qty, before, step);
            before += step;
            taken += r;
            // Never past the entry, never the entry's own sign.
            expect(Math.abs(taken)).toBeLessThanOrEqual(Math.abs(amount));
            expect(r === 0 || Math.sign(r) === -Math.sign(amount)).toBe(true);
            if (before < qty)
              expect(Math.abs(taken)).toBeLessThanOrEqual(Math.ceil((Math.abs(amount) * before) / qty));
          }
          if (before >= qty) expect(taken).toBe(-amount);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('reverses 1 + 1 + 1 of 3 units to exactly the entry, for every amount up to ₹100', () => {
    for (let amount = -10_000; amount <= 10_000; amount++) {
      if (amount === 0) continue;
      const parts = [
        reversalAmount(amount, 3, 0, 1),
        reversalAmount(amount, 3, 1, 1),
        reversalAmount(amount, 3, 2, 1),
      ];
      if (parts[0]! + parts[1]! + parts[2]! !== -amount)
        throw new Error(`1+1+1 of ${amount}: ${parts.join(' ')}`);
      if (reversalAmount(amount, 3, 0, 2) + reversalAmount(amount, 3, 2, 1) !== -amount)
        throw new Error(`2+1 of ${amount}`);
    }
  });
});

describe('holdBucket', () => {
  const DAY = 86_400_000;
  const delivered = new Date('2026-11-01T10:00:00.000Z');
  const facts = { shipmentState: 'delivered', deliveredAt: delivered, openReturn: false };

  it('holds a delivered entry for the return window, to the millisecond', () => {
    const closes = new Date(delivered.getTime() + 7 * DAY);
    expect(holdBucket(facts, delivered, 7)).toBe('on_hold');
    expect(holdBucket(facts, new Date(closes.getTime() - 1), 7)).toBe('on_hold');
    expect(holdBucket(facts, closes, 7)).toBe('payable');
    expect(holdBucket(facts, new Date(closes.getTime() + 1), 7)).toBe('payable');
  });

  it('keeps it on hold while a return is open, even after the window', () => {
    expect(holdBucket({ ...facts, openReturn: true }, new Date(delivered.getTime() + 30 * DAY), 7)).toBe(
      'on_hold',
    );
    expect(HOLDING_RETURN_STATES).toEqual(['requested', 'approved', 'picked_up']);
  });

  it('pays entries without a shipment and of settled shipments at once; others wait for delivery', () => {
    const now = new Date('2026-11-02T00:00:00Z');
    expect(holdBucket({ shipmentState: null, deliveredAt: null, openReturn: false }, now, 7)).toBe('payable');
    for (const s of SETTLED_SHIPMENT_STATES)
      expect(holdBucket({ shipmentState: s, deliveredAt: null, openReturn: false }, now, 7)).toBe('payable');
    expect(SETTLED_SHIPMENT_STATES).toEqual(['cancelled', 'returned_to_origin']);
    for (const s of ['placed', 'accepted', 'packed', 'shipped'])
      expect(holdBucket({ shipmentState: s, deliveredAt: null, openReturn: false }, now, 7)).toBe('pending');
    expect(holdBucket({ ...facts, deliveredAt: null }, now, 7)).toBe('pending');
  });
});

describe('bucketTotals', () => {
  it('sums signed amounts per bucket', () => {
    expect(
      bucketTotals([
        { amount: 100, bucket: 'pending' },
        { amount: 250, bucket: 'on_hold' },
        { amount: -50, bucket: 'on_hold' },
        { amount: 1_000, bucket: 'payable' },
        { amount: -1_200, bucket: 'payable' },
      ]),
    ).toEqual({ pending: 100, onHold: 200, payable: -200 });
    expect(bucketTotals([])).toEqual({ pending: 0, onHold: 0, payable: 0 });
  });
});

describe('payout account checks', () => {
  it('IFSC: four letters, a zero, six letters or digits', () => {
    expect(isValidIfsc('HDFC0001234')).toBe(true);
    expect(isValidIfsc('SBIN0ABC123')).toBe(true);
    expect(isValidIfsc('HDFC1001234')).toBe(false); // fifth character must be 0
    expect(isValidIfsc('hdfc0001234')).toBe(false);
    expect(isValidIfsc('HDF00001234')).toBe(false);
    expect(isValidIfsc('HDFC000123')).toBe(false);
    expect(isValidIfsc('HDFC00012345')).toBe(false);
  });

  it('account numbers: 9 to 18 digits', () => {
    expect(isValidAccountNumber('12345678')).toBe(false);
    expect(isValidAccountNumber('123456789')).toBe(true);
    expect(isValidAccountNumber('123456789012345678')).toBe(true);
    expect(isValidAccountNumber('1234567890123456789')).toBe(false);
    expect(isValidAccountNumber('12345678901A')).toBe(false);
    expect(isValidAccountNumber('1234 5678 9012')).toBe(false);
  });

  it('UPI ids: name@handle', () => {
    expect(isValidVpa('meera.crafts@okhdfcbank')).toBe(true);
    expect(isValidVpa('9876543210@ybl')).toBe(true);
    expect(isValidVpa('meera_k-1@upi')).toBe(true);
    expect(isValidVpa('meera')).toBe(false);
    expect(isValidVpa('meera@')).toBe(false);
    expect(isValidVpa('@upi')).toBe(false);
    expect(isValidVpa('meera@ok hdfc')).toBe(false);
    expect(isValidVpa('meera@1bank')).toBe(false);
    expect(isValidVpa('.meera@upi')).toBe(false);
  });

  it('PAN: five letters, four digits, a letter, the fourth letter a holder type', () => {
    expect(isValidPan('AAGCB7383J')).toBe(true); // C: company
    expect(isValidPan('ABCPK1234Z')).toBe(true); // P: person
    for (const t of 'ABCFGHLJPT') expect(isValidPan(`ABC${t}K1234Z`)).toBe(true);
    for (const t of 'DEIKMNOQRSUVWXYZ') expect(isValidPan(`ABC${t}K1234Z`)).toBe(false);
    expect(isValidPan('abcpk1234z')).toBe(false);
    expect(isValidPan('ABCPK123Z')).toBe(false);
    expect(isValidPan('ABCPK12345')).toBe(false);
  });

  it('finds the PAN inside a GSTIN', () => {
    expect(panOfGstin('29AAGCB7383J1Z4')).toBe('AAGCB7383J');
    expect(panOfGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
    expect(panOfGstin(' 29aagcb7383j1z4 ')).toBe('AAGCB7383J');
    expect(panOfGstin('29AAGXB7383J1Z4')).toBeUndefined(); // X is no holder type
    expect(panOfGstin('29AAGCB7383J1Z')).toBeUndefined();
    expect(panOfGstin('')).toBeUndefined();
    expect(panOfGstin(null)).toBeUndefined();
    expect(panOfGstin(undefined)).toBeUndefined();
  });

  it('masks all but the last four digits', () => {
    expect(maskAccountNumber('123456789012')).toBe('XXXXXXXX9012');
    expect(maskAccountNumber('123456789')).toBe('XXXXX6789');
    expect(maskAccountNumber('1234')).toBe('1234');
  });
});

describe('isPercent', () => {
  it('accepts 0–100 with at most two decimals', () => {
    for (const ok of ['0', '0.5', '0.1', '5', '18', '12.25', '100', '100.0', '100.00'])
      expect(isPercent(ok)).toBe(true);
    for (const bad of ['', '-1', '100.01', '101', '0.125', '1e2', 'abc', '.5', '5.', '1000'])
      expect(isPercent(bad)).toBe(false);
  });
});

describe('keptUnitsReversal', () => {
  const line = { qty: 3, unitPrice: 33_333, discountPerUnit: 0, markup: '15' };
  const entriesOf = () => saleEntries({ ...line, gst: 5_000, rule: undefined }, RATES, true);

  it('leaves exactly the entries of a line of the units kept, so sale − commission is SPEC on them', () => {
    // Returned one unit at a time: after each step the line's entries are those of a line of the rest.
    for (const d of entriesOf()) {
      const entry = { kind: d.kind, amount: d.amount, qty: 3, rate: d.rate ?? null };
      let left = d.amount;
      for (let before = 0; before < 3; before++) {
        left += keptUnitsReversal(entry, line, undefined, before, 1);
        const kept = 3 - before - 1;
        const fresh =
          kept === 0 ? [] : saleEntries({ ...line, qty: kept, gst: 0, rule: undefined }, RATES, true);
        if (d.kind !== 'sale_gst')
          expect(left, `${d.kind} with ${kept} kept`).toBe(fresh.find((f) => f.kind === d.kind)?.amount ?? 0);
      }
      expect(left).toBe(0);
    }
    // ₹999.99 at 15 %: two units kept → SPEC's payout on two, where shares of the 3-unit line would be a paisa off.
    const sale = 2 * 33_333;
    expect(sale - commissionOfLine({ ...line, qty: 2 }, undefined)).toBe(
      payoutSplit({ unitPrice: 33_333, discountPerUnit: 0, qty: 2, percentageMarkup: '15' }).sellerPayout,
    );
  });

  it('falls back to the cumulative share for GST on the sale and for entries that no longer match', () => {
    expect(
      keptUnitsReversal({ kind: 'sale_gst', amount: 5_000, qty: 3, rate: null }, line, undefined, 0, 1),
    ).toBe(reversalAmount(5_000, 3, 0, 1));
    // A commission recorded under a rule that is gone: not recomputable, so taken back by its share.
    expect(
      keptUnitsReversal({ kind: 'commission', amount: -4_000, qty: 3, rate: null }, line, undefined, 1, 1),
    ).toBe(reversalAmount(-4_000, 3, 1, 1));
  });
});
