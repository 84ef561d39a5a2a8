import { describe, expect, it } from 'vitest';
import {
  GST_THRESHOLD_INR_MINOR,
  firstEntry,
  followsThresholdRule,
  gstRate,
  lineGst,
  lineTax,
  normalizeHsn,
  type GstRateInput,
} from './tax.ts';

const TSHIRT = '6109'; // T-shirts, knitted (chapter 61)
const SHIRT = '6205'; // shirts, woven (chapter 62)
const BEDSHEET = '6302'; // bed linen (chapter 63)
const SHOE = '6403'; // footwear with leather uppers
const SNEAKER = '6404'; // footwear with textile uppers: not in the rule
const PHONE = '8517'; // telephones, category rate 18 %

const rate = (
  hsn: GstRateInput['hsn'],
  unitPriceInrMinor: number,
  qty = 1,
  categoryTax: GstRateInput['categoryTax'] = '18',
) => gstRate({ hsn, categoryTax, unitPriceInrMinor, qty });

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

describe('gstRate: the ₹1000 rule for 61, 62, 63 and 6403', () => {
  it('is ₹1000.00 in paise', () => {
    expect(GST_THRESHOLD_INR_MINOR).toBe(100_000);
  });

  describe.each([TSHIRT, SHIRT, BEDSHEET, SHOE, '61', '6403', '64039990', '61091000'])('HSN %s', (hsn) => {
    it('unit price exactly ₹1000.00 → 5 %', () => expect(rate(hsn, 100_000)).toBe('5'));
    it('unit price ₹1000.01 → 12 %', () => expect(rate(hsn, 100_001)).toBe('12'));
    it('unit price ₹999.99 → 5 %', () => expect(rate(hsn, 99_999)).toBe('5'));
    it('line exactly ₹1000.00 (2 × ₹500) → 5 %', () => expect(rate(hsn, 50_000, 2)).toBe('5'));
    it('line ₹1000.01 (11 × ₹90.91) → 12 %', () => expect(rate(hsn, 9_091, 11)).toBe('12'));
    it('line ₹1000.02 (2 × ₹500.01) → 12 %', () => expect(rate(hsn, 50_001, 2)).toBe('12'));
    it('line ₹999.90 (10 × ₹99.99) → 5 %', () => expect(rate(hsn, 9_999, 10)).toBe('5'));
    it('ignores the category rate', () => {
      expect(rate(hsn, 100, 1, '28')).toBe('5');
      expect(rate(hsn, 200_000, 1, '28')).toBe('12');
    });
  });

  it('a 6403 leather shoe: ₹999 one pair 5 %, two pairs 12 %, ₹2499 one pair 12 %', () => {
    expect(rate(SHOE, 99_900, 1)).toBe('5');
    expect(rate(SHOE, 99_900, 2)).toBe('12');
    expect(rate(SHOE, 249_900, 1)).toBe('12');
  });

  it('a 6109 T-shirt: ₹499 × 2 is 5 %, ₹499 × 3 is 12 %', () => {
    expect(rate(TSHIRT, 49_900, 2)).toBe('5');
    expect(rate(TSHIRT, 49_900, 3)).toBe('12');
  });

  it('a line of qty 0 only looks at the unit price', () => {
    expect(rate(TSHIRT, 100_000, 0)).toBe('5');
    expect(rate(TSHIRT, 100_001, 0)).toBe('12');
  });

  it('accepts numeric, dotted and spaced codes', () => {
    expect(rate(6109, 200_000)).toBe('12');
    expect(rate('6109.10', 200_000)).toBe('12');
    expect(rate(' 6403 99 90 ', 200_000)).toBe('12');
  });
});

describe('gstRate: other lines use the category rate', () => {
  it('an 8517 phone is 18 % whatever its price', () => {
    expect(rate(PHONE, 1_000, 1, '18')).toBe('18');
    expect(rate(PHONE, 100_000, 1, '18')).toBe('18');
    expect(rate(PHONE, 100_001, 1, 18)).toBe('18');
    expect(rate(PHONE, 4_999_900, 3, '18.00')).toBe('18');
  });

  it.each([SNEAKER, '64', '640', '6', '6402', '6501', '7113', '0101', '5208', ''])(
    'HSN %j is not in the rule',
    (hsn) => {
      expect(rate(hsn, 200_000, 1, '3')).toBe('3');
    },
  );

  it('returns the rate as a canonical exact decimal string', () => {
    expect(rate(PHONE, 1, 1, '0.25')).toBe('0.25');
    expect(rate(PHONE, 1, 1, '12.50')).toBe('12.5');
    expect(rate(PHONE, 1, 1, 0)).toBe('0');
    expect(rate(PHONE, 1, 1, '100')).toBe('100');
  });

  it('refuses a missing, garbage or impossible category rate instead of taxing at 0', () => {
    expect(() => rate(PHONE, 1, 1, null)).toThrow(RangeError);
    expect(() => gstRate({ hsn: PHONE, categoryTax: undefined, unitPriceInrMinor: 1, qty: 1 })).toThrow(
      RangeError,
    );
    expect(() => rate(PHONE, 1, 1, [])).toThrow(RangeError);
    expect(() => rate(PHONE, 1, 1, '')).toThrow(RangeError);
    expect(() => rate(PHONE, 1, 1, 'GST')).toThrow(RangeError);
    expect(() => rate(PHONE, 1, 1, '-5')).toThrow(RangeError);
    expect(() => rate(PHONE, 1, 1, '100.01')).toThrow(RangeError);
  });

  it('does not need a category rate for the ₹1000-rule lines', () => {
    expect(rate(TSHIRT, 1, 1, null)).toBe('5');
  });

  it('refuses impossible prices and quantities', () => {
    expect(() => rate(PHONE, 1.5)).toThrow(RangeError);
    expect(() => rate(PHONE, 100, -1)).toThrow(RangeError);
    expect(() => rate(PHONE, 100, 1.5)).toThrow(RangeError);
  });
});

describe('gstRate: lists take their first entry', () => {
  it('uses the first HSN code of a list', () => {
    expect(rate([TSHIRT, PHONE], 200_000, 1, '18')).toBe('12');
    expect(rate([PHONE, TSHIRT], 200_000, 1, '18')).toBe('18');
    expect(rate([6403], 200_000, 1, '18')).toBe('12');
    expect(rate([], 200_000, 1, '18')).toBe('18');
    expect(rate(null, 200_000, 1, '18')).toBe('18');
  });

  it('uses the first tax rate of a list', () => {
    expect(rate(PHONE, 1, 1, ['18', '28'])).toBe('18');
    expect(rate(PHONE, 1, 1, [28, 18])).toBe('28');
  });

  it('firstEntry and normalizeHsn', () => {
    expect(firstEntry(['a', 'b'])).toBe('a');
    expect(firstEntry('a')).toBe('a');
    expect(firstEntry([])).toBeUndefined();
    expect(firstEntry(null)).toBeUndefined();
    expect(firstEntry([null, 'b'])).toBeUndefined();
    expect(normalizeHsn(['6403.99.90', '8517'])).toBe('64039990');
    expect(normalizeHsn(undefined)).toBe('');
    expect(followsThresholdRule(['6204', '8517'])).toBe(true);
    expect(followsThresholdRule('6404')).toBe(false);
  });
});

describe('lineTax: qty × unit × rate / 100, half-up once per line', () => {
  it.each<[number, number, string | number, number]>([
    [100_000, 1, '5', 5_000], // ₹1000 at 5 % = ₹50
    [100_001, 1, '12', 12_000], // ₹1000.01 at 12 % = ₹120.0012 → ₹120.00
    [99_999, 1, '5', 5_000], // ₹49.99995 → ₹50.00
    [49_900, 2, '5', 4_990], // 2 × ₹499 at 5 % = ₹49.90
    [10, 1, '5', 1], // 0.5 paise → 1
    [9, 1, '5', 0], // 0.45 paise → 0
    [10, 3, '5', 2], // line 1.5 paise → 2 (per unit it would have been 3 × 1 = 3)
    [33_333, 3, '12', 12_000], // 11999.88 → 12000
    [1_999_900, 1, '18', 359_982], // ₹19,999 phone at 18 % = ₹3599.82
    [12_345, 1, '0.25', 31], // 30.8625 → 31
    [12_345, 1, '12.5', 1_543], // 1543.125 → 1543
    [12_340, 1, '12.5', 1_543], // 1542.5 → 1543
    [100, 7, 0, 0],
    [0, 5, '18', 0],
    [100_000, 0, '18', 0],
  ])('%i × %i at %s percent = %i', (unitPriceMinor, qty, r, expected) => {
    expect(lineTax({ unitPriceMinor, qty, rate: r })).toBe(expected);
  });

  it('refuses bad input', () => {
    expect(() => lineTax({ unitPriceMinor: 1.5, qty: 1, rate: 5 })).toThrow(RangeError);
    expect(() => lineTax({ unitPriceMinor: 100, qty: -1, rate: 5 })).toThrow(RangeError);
    expect(() => lineTax({ unitPriceMinor: 100, qty: 1, rate: '-5' })).toThrow(RangeError);
    expect(() => lineTax({ unitPriceMinor: 100, qty: 1, rate: 'x' })).toThrow(RangeError);
  });

  it('lineGst gives the rate and the tax together', () => {
    expect(lineGst({ hsn: SHOE, categoryTax: '18', unitPriceInrMinor: 60_000, qty: 2 })).toEqual({
      rate: '12',
      tax: 14_400,
    });
    expect(lineGst({ hsn: PHONE, categoryTax: '18', unitPriceInrMinor: 1_999_900, qty: 1 })).toEqual({
      rate: '18',
      tax: 359_982,
    });
  });

  it('matches an independent half-up oracle over many random lines', () => {
    const r = rng(61);
    for (let i = 0; i < 5000; i++) {
      const unit = Math.floor(r() * 5_000_000);
      const qty = 1 + Math.floor(r() * 20);
      const hundredths = Math.floor(r() * 2_801); // 0 – 28 %
      const tax = lineTax({ unitPriceMinor: unit, qty, rate: (hundredths / 100).toFixed(2) });
      expect(Number.isSafeInteger(tax)).toBe(true);
      expect(tax).toBe(Math.floor((2 * unit * qty * hundredths + 10_000) / 20_000));
      const expectedRate = unit > 100_000 || unit * qty > 100_000 ? '12' : '5';
      expect(rate(TSHIRT, unit, qty)).toBe(expectedRate);
    }
  });
});
