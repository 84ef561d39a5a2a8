import { describe, expect, it } from 'vitest';
import {
  SHIPPED_GST_RULES,
  canonicalRate,
  gstRateFor,
  inForce,
  indiaDate,
  type GstRateQuery,
  type GstRateRule,
} from './gst-rates.ts';
import { INR } from './money.ts';
import { priceCart, type CartLineInput } from './pricing.ts';

// The law changed on 22 Sep 2025 (India date): before, garments (61, 62, 63) and leather footwear (6403)
// paid 12 % when the piece or the line total was above ₹1,000, else 5 %; from then on garments and all
// footwear (64) pay 5 % when one piece costs ₹2,500 or less, else 18 %.

/** The last instant of 21 Sep 2025 in India (23:59:59 IST) and the first of 22 Sep (00:00 IST). */
const LAST_OLD = new Date('2025-09-21T18:29:59.999Z');
const FIRST_NEW = new Date('2025-09-21T18:30:00.000Z');
const OLD = new Date('2025-06-01T06:00:00Z');
const NEW = new Date('2026-06-01T06:00:00Z');

const rateOf = (q: Partial<GstRateQuery> & { at: Date | number }, rules = SHIPPED_GST_RULES) =>
  gstRateFor(rules, {
    hsn: '6109',
    categoryTax: '28',
    unitPricePaise: 100_000,
    qty: 1,
    ...q,
  }).rate;

describe('indiaDate: the calendar date in India (UTC+5:30)', () => {
  it.each([
    ['2025-09-21T18:29:59.999Z', '2025-09-21'],
    ['2025-09-21T18:30:00.000Z', '2025-09-22'],
    ['2025-09-22T00:00:00.000Z', '2025-09-22'],
    ['2025-12-31T18:30:00.000Z', '2026-01-01'],
  ])('%s is %s', (at, day) => {
    expect(indiaDate(new Date(at))).toBe(day);
    expect(indiaDate(Date.parse(at))).toBe(day);
  });

  it('refuses an invalid date', () => {
    expect(() => indiaDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('the day the law changed (22 Sep 2025, India date)', () => {
  it('a ₹1,999 kurta: 12 % up to 23:59:59 IST on 21 Sep, 5 % from midnight', () => {
    expect(rateOf({ unitPricePaise: 199_900, at: LAST_OLD })).toBe('12');
    expect(rateOf({ unitPricePaise: 199_900, at: FIRST_NEW })).toBe('5');
  });

  it('a ₹2,999 kurta: 12 % before, 18 % after', () => {
    expect(rateOf({ unitPricePaise: 299_900, at: LAST_OLD })).toBe('12');
    expect(rateOf({ unitPricePaise: 299_900, at: FIRST_NEW })).toBe('18');
  });

  it('a ₹999 shirt stays at 5 % on both sides', () => {
    expect(rateOf({ hsn: '6205', unitPricePaise: 99_900, at: LAST_OLD })).toBe('5');
    expect(rateOf({ hsn: '6205', unitPricePaise: 99_900, at: FIRST_NEW })).toBe('5');
  });
});

describe.each(['61', '6109', '62', '6205', '63', '6302'])('garments and textiles, HSN %s', (hsn) => {
  describe('before 22 Sep 2025: the ₹1,000 rule on the piece or the line', () => {
    const at = LAST_OLD;
    it('piece exactly ₹1,000.00 → 5 %, ₹1,000.01 → 12 %', () => {
      expect(rateOf({ hsn, unitPricePaise: 100_000, at })).toBe('5');
      expect(rateOf({ hsn, unitPricePaise: 100_001, at })).toBe('12');
    });
    it('line exactly ₹1,000.00 (2 × ₹500) → 5 %, ₹1,000.02 (2 × ₹500.01) → 12 %', () => {
      expect(rateOf({ hsn, unitPricePaise: 50_000, qty: 2, at })).toBe('5');
      expect(rateOf({ hsn, unitPricePaise: 50_001, qty: 2, at })).toBe('12');
    });
    it('line ₹1,000.01 (11 × ₹90.91) → 12 %', () => {
      expect(rateOf({ hsn, unitPricePaise: 9_091, qty: 11, at })).toBe('12');
    });
  });

  describe('from 22 Sep 2025: ₹2,500 a piece, whatever the line', () => {
    const at = FIRST_NEW;
    it('piece exactly ₹2,500.00 → 5 %, ₹2,500.01 → 18 %', () => {
      expect(rateOf({ hsn, unitPricePaise: 250_000, at })).toBe('5');
      expect(rateOf({ hsn, unitPricePaise: 250_001, at })).toBe('18');
    });
    it('a line of ₹7,500 of ₹2,500 pieces stays at 5 %', () => {
      expect(rateOf({ hsn, unitPricePaise: 250_000, qty: 3, at })).toBe('5');
    });
    it('ignores the category rate', () => {
      expect(rateOf({ hsn, unitPricePaise: 100, categoryTax: '28', at })).toBe('5');
      expect(rateOf({ hsn, unitPricePaise: 300_000, categoryTax: '0', at })).toBe('18');
    });
  });
});

describe('footwear: 6403 before, all of 64 after', () => {
  it('a ₹999 canvas shoe (6404) paid its category rate before and 5 % after', () => {
    expect(rateOf({ hsn: '6404', unitPricePaise: 99_900, categoryTax: '18', at: LAST_OLD })).toBe('18');
    expect(rateOf({ hsn: '6404', unitPricePaise: 99_900, categoryTax: '18', at: FIRST_NEW })).toBe('5');
  });

  it('a leather shoe (6403): the ₹1,000 rule before, the ₹2,500 rule after', () => {
    expect(rateOf({ hsn: '640399', unitPricePaise: 100_000, at: LAST_OLD })).toBe('5');
    expect(rateOf({ hsn: '640399', unitPricePaise: 100_001, at: LAST_OLD })).toBe('12');
    expect(rateOf({ hsn: '640399', unitPricePaise: 250_000, at: FIRST_NEW })).toBe('5');
    expect(rateOf({ hsn: '640399', unitPricePaise: 250_001, at: FIRST_NEW })).toBe('18');
  });

  it('6401 and 6402 were outside the old rule', () => {
    expect(rateOf({ hsn: '6402', unitPricePaise: 200_000, categoryTax: '18', at: OLD })).toBe('18');
    expect(rateOf({ hsn: '6402', unitPricePaise: 200_000, categoryTax: '18', at: NEW })).toBe('5');
  });
});

describe('goods with no rule pay their category rate', () => {
  it.each(['8517', '7113', '4901', ''])('HSN %j', (hsn) => {
    for (const at of [OLD, NEW]) {
      const answer = gstRateFor(SHIPPED_GST_RULES, {
        hsn,
        categoryTax: '3',
        unitPricePaise: 300_000,
        qty: 1,
        at,
      });
      expect(answer).toEqual({ rate: '3', source: 'category' });
    }
  });

  it('a rate comes back canonical; a missing or impossible one throws rather than taxing at 0', () => {
    expect(rateOf({ hsn: '8517', categoryTax: '12.50', at: NEW })).toBe('12.5');
    expect(rateOf({ hsn: '8517', categoryTax: ['18', '28'], at: NEW })).toBe('18');
    expect(rateOf({ hsn: '8517', categoryTax: 0, at: NEW })).toBe('0');
    expect(() => rateOf({ hsn: '8517', categoryTax: null, at: NEW })).toThrow(RangeError);
    expect(() => rateOf({ hsn: '8517', categoryTax: '', at: NEW })).toThrow(RangeError);
    expect(() => rateOf({ hsn: '8517', categoryTax: '-5', at: NEW })).toThrow(RangeError);
    expect(() => rateOf({ hsn: '8517', categoryTax: '100.01', at: NEW })).toThrow(RangeError);
    expect(canonicalRate('18.00')).toBe('18');
  });

  it('refuses impossible prices and quantities', () => {
    expect(() => rateOf({ unitPricePaise: 1.5, at: NEW })).toThrow(RangeError);
    expect(() => rateOf({ unitPricePaise: -1, at: NEW })).toThrow(RangeError);
    expect(() => rateOf({ qty: -1, at: NEW })).toThrow(RangeError);
  });

  it('reads dotted, spaced and listed HSN codes', () => {
    expect(rateOf({ hsn: '6109.10', unitPricePaise: 300_000, at: NEW })).toBe('18');
    expect(rateOf({ hsn: ' 6403 99 ', unitPricePaise: 300_000, at: NEW })).toBe('18');
    expect(rateOf({ hsn: ['8517', '6109'], unitPricePaise: 300_000, categoryTax: '3', at: NEW })).toBe('3');
  });
});

describe('precedence: category rule > longest HSN prefix > category rate', () => {
  const rule = (r: Partial<GstRateRule>): GstRateRule => ({
    hsnPrefix: null,
    categoryId: null,
    fromPaise: 0,
    toPaise: null,
    basis: 'piece',
    rate: '5',
    effectiveFrom: '2025-09-22',
    effectiveTo: null,
    ...r,
  });

  it("a category's own rule beats the HSN rules", () => {
    const rules = [...SHIPPED_GST_RULES, rule({ categoryId: 'handloom', rate: '3' })];
    expect(rateOf({ categoryId: 'handloom', unitPricePaise: 300_000, at: NEW }, rules)).toBe('3');
    // Another category of the same HSN keeps the HSN rule.
    expect(rateOf({ categoryId: 'other', unitPricePaise: 300_000, at: NEW }, rules)).toBe('18');
    // Not yet in force before its date: the HSN rule (the old law) applies.
    expect(rateOf({ categoryId: 'handloom', unitPricePaise: 300_000, at: OLD }, rules)).toBe('12');
  });

  it('the longest matching HSN prefix wins', () => {
    const rules = [...SHIPPED_GST_RULES, rule({ hsnPrefix: '6109', rate: '12' })];
    expect(rateOf({ hsn: '61091000', unitPricePaise: 100, at: NEW }, rules)).toBe('12');
    expect(rateOf({ hsn: '6110', unitPricePaise: 100, at: NEW }, rules)).toBe('5');
  });

  it('a price outside every slab of the matching rules falls back to the category rate', () => {
    const rules = [rule({ hsnPrefix: '61', fromPaise: 0, toPaise: 100_000, rate: '5' })];
    expect(rateOf({ unitPricePaise: 100_000, at: NEW, categoryTax: '7' }, rules)).toBe('5');
    expect(rateOf({ unitPricePaise: 100_001, at: NEW, categoryTax: '7' }, rules)).toBe('7');
  });

  it('the source names the rule applied', () => {
    const answer = gstRateFor(SHIPPED_GST_RULES, {
      hsn: '6109',
      categoryTax: '28',
      unitPricePaise: 199_900,
      qty: 1,
      at: NEW,
    });
    expect(answer.source).toMatchObject({ hsnPrefix: '61', rate: '5', basis: 'piece' });
  });
});

describe('a future-dated change applies only from its India date', () => {
  // An Admin's change for 61 from 1 Jan 2027: the open rules of 61 are closed the day before.
  const changed: GstRateRule[] = [
    ...SHIPPED_GST_RULES.map((r) =>
      r.hsnPrefix === '61' && r.effectiveTo === null ? { ...r, effectiveTo: '2026-12-31' } : r,
    ),
    {
      hsnPrefix: '61',
      categoryId: null,
      fromPaise: 0,
      toPaise: null,
      basis: 'piece',
      rate: '12',
      effectiveFrom: '2027-01-01',
      effectiveTo: null,
    },
  ];

  it('the old rate up to 23:59:59 IST on 31 Dec 2026, the new one from midnight', () => {
    expect(rateOf({ unitPricePaise: 199_900, at: new Date('2026-12-31T18:29:59Z') }, changed)).toBe('5');
    expect(rateOf({ unitPricePaise: 199_900, at: new Date('2026-12-31T18:30:00Z') }, changed)).toBe('12');
    // 62 was not changed.
    expect(rateOf({ hsn: '6205', unitPricePaise: 199_900, at: new Date('2027-06-01') }, changed)).toBe('5');
  });

  it('inForce reads both bounds as inclusive India dates', () => {
    const r = changed.find((x) => x.rate === '12' && x.hsnPrefix === '61' && x.effectiveTo === null)!;
    expect(inForce(r, '2026-12-31')).toBe(false);
    expect(inForce(r, '2027-01-01')).toBe(true);
    const closed = changed.find((x) => x.hsnPrefix === '61' && x.effectiveTo === '2026-12-31')!;
    expect(inForce(closed, '2026-12-31')).toBe(true);
    expect(inForce(closed, '2027-01-01')).toBe(false);
  });
});

describe('through priceCart: discounts and splitting lines', () => {
  const kurta = (over: Partial<CartLineInput> = {}): CartLineInput => ({
    productId: 'kurta',
    qty: 1,
    priceInr: 199_900,
    hsn: '6204',
    categoryTax: '5',
    percentageMarkup: '0',
    ...over,
  });
  const price = (lines: CartLineInput[], now: Date) =>
    priceCart(lines, { now, currency: INR, rateFromInr: '1', couponCodes: [] });

  it('a discount that brings a ₹2,999 piece under ₹2,500 makes it 5 %', () => {
    const discount = {
      discount_value: '20',
      discount_unit: 'percentage' as const,
      valid_until: '2026-07-01T00:00:00Z',
      coupon_code: null,
      activate: true,
    };
    const full = price([kurta({ priceInr: 299_900 })], NEW).lines[0]!;
    expect(full.taxRate).toBe('18');
    expect(full.inr.tax).toBe(53_982); // ₹2,999 × 18 % = ₹539.82
    const off = price([kurta({ priceInr: 299_900, discount })], NEW).lines[0]!;
    expect(off.inr.discountedUnitPrice).toBe(239_920); // ₹2,999 − 20 % = ₹2,399.20
    expect(off.taxRate).toBe('5');
    expect(off.inr.tax).toBe(11_996); // ₹2,399.20 × 5 % = ₹119.96
  });

  it('4 kurtas at ₹1,999: one line or four, the same ₹399.80 of tax under the current law', () => {
    const one = price([kurta({ qty: 4 })], NEW);
    const four = price(
      [1, 2, 3, 4].map((n) => kurta({ productId: `k${n}` })),
      NEW,
    );
    // ₹1,999 × 5 % = ₹99.95 a piece; ₹7,996 × 5 % = ₹399.80 for the line.
    expect(one.totals.inr.taxPrice).toBe(39_980);
    expect(four.lines.map((l) => l.inr.tax)).toEqual([9_995, 9_995, 9_995, 9_995]);
    expect(four.totals.inr.taxPrice).toBe(39_980);
  });

  it('under the old rule splitting ₹499 T-shirts over lines changed the rate (why the law changed)', () => {
    const shirt = kurta({ priceInr: 49_900, hsn: '6109' });
    const one = price([{ ...shirt, qty: 3 }], OLD);
    expect(one.lines[0]!.taxRate).toBe('12'); // line ₹1,497 > ₹1,000
    expect(one.totals.inr.taxPrice).toBe(17_964); // ₹1,497 × 12 %
    const three = price(
      [1, 2, 3].map((n) => ({ ...shirt, productId: `t${n}` })),
      OLD,
    );
    expect(three.lines.map((l) => l.taxRate)).toEqual(['5', '5', '5']);
    expect(three.totals.inr.taxPrice).toBe(7_485); // 3 × ₹499 × 5 % = 3 × ₹24.95
    // Today both give 5 %: 3 × ₹24.95.
    expect(price([{ ...shirt, qty: 3 }], NEW).totals.inr.taxPrice).toBe(7_485);
  });
});
