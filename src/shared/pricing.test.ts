import { describe, expect, it } from 'vitest';
import type { Discount } from './discounts.ts';
import { INR, type CurrencySpec } from './money.ts';
import {
  cartPercentOff,
  convertFromInr,
  priceCart,
  type CartLineInput,
  type LineAmounts,
  type PricedCart,
} from './pricing.ts';

const USD: CurrencySpec = { code: 'USD', decimalDigits: 2, rounding: 0 };
const JPY: CurrencySpec = { code: 'JPY', decimalDigits: 0, rounding: 0 };
const KWD: CurrencySpec = { code: 'KWD', decimalDigits: 3, rounding: 0 };
const CHF: CurrencySpec = { code: 'CHF', decimalDigits: 2, rounding: 0.05 };

// Most of these tests price under the law before 22 Sep 2025 (the ₹1,000 rule: 5 % or 12 %); the law
// since then (₹2,500 a piece: 5 % or 18 %) and the CGST/SGST/IGST split are tested at `today`.
const now = new Date('2025-06-01T10:00:00.000Z');
const tomorrow = '2025-06-02T10:00:00.000Z';
const today = new Date('2026-06-01T10:00:00.000Z');

const discount = (extra: Partial<Discount>): Discount => ({
  discount_value: '10',
  discount_unit: 'percentage',
  valid_until: tomorrow,
  coupon_code: null,
  activate: true,
  ...extra,
});

const tshirt: CartLineInput = {
  productId: 'tshirt',
  qty: 2,
  priceInr: 49_900, // ₹499.00
  hsn: ['6109'],
  categoryTax: ['5'],
  percentageMarkup: '15',
};
const shoe: CartLineInput = {
  productId: 'shoe',
  qty: 1,
  priceInr: 119_900, // ₹1,199.00, 10 % off → ₹1,079.10
  discount: discount({}),
  hsn: '6403',
  categoryTax: '5',
  percentageMarkup: '15',
};
const shirt: CartLineInput = {
  productId: 'shirt',
  qty: 1,
  priceInr: 110_000, // ₹1,100.00, ₹150 off with coupon FEST → ₹950.00
  discount: discount({ discount_unit: 'amount', discount_value: '150.00', coupon_code: 'FEST' }),
  hsn: '6205',
  categoryTax: '5',
  percentageMarkup: '12.5',
};
const phone: CartLineInput = {
  productId: 'phone',
  qty: 1,
  priceInr: 1_999_900, // ₹19,999.00
  hsn: '8517',
  categoryTax: '18',
  percentageMarkup: '5',
};
const cart = [tshirt, shoe, shirt, phone];
const inrOpts = { now, couponCodes: ['fest'], currency: INR, rateFromInr: '1' };

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

const line = (priced: PricedCart, id: string) => {
  const found = priced.lines.find((l) => l.productId === id);
  if (!found) throw new Error(`no line ${id}`);
  return found;
};

describe('priceCart in INR (before 22 Sep 2025)', () => {
  const priced = priceCart(cart, inrOpts);

  it('prices a T-shirt pair under the threshold at 5 %', () => {
    expect(line(priced, 'tshirt')).toEqual({
      productId: 'tshirt',
      qty: 2,
      discountApplied: false,
      taxRate: '5',
      intraState: false,
      sellerStateCode: null,
      inr: {
        unitPrice: 49_900,
        discountedUnitPrice: 49_900,
        discountPerUnit: 0,
        originalLineTotal: 99_800,
        lineDiscount: 0,
        lineTotal: 99_800,
        tax: 4_990,
        gst: { cgst: 0, sgst: 0, igst: 4_990 },
      },
      display: {
        unitPrice: 49_900,
        discountedUnitPrice: 49_900,
        discountPerUnit: 0,
        originalLineTotal: 99_800,
        lineDiscount: 0,
        lineTotal: 99_800,
        tax: 4_990,
        gst: { cgst: 0, sgst: 0, igst: 4_990 },
      },
      payout: { lineTotal: 99_800, sellerPayout: 84_830, marketplaceTake: 14_970 },
    });
  });

  it('prices a discounted 6403 shoe above ₹1000 at 12 %', () => {
    const l = line(priced, 'shoe');
    expect(l.discountApplied).toBe(true);
    expect(l.taxRate).toBe('12');
    expect(l.inr).toMatchObject({
      unitPrice: 119_900,
      discountedUnitPrice: 107_910,
      discountPerUnit: 11_990,
    });
    expect(l.inr.tax).toBe(12_949); // ₹1079.10 × 12 % = ₹129.492
    expect(l.payout).toEqual({ lineTotal: 107_910, sellerPayout: 91_724, marketplaceTake: 16_186 });
  });

  it('uses the discounted price for the threshold: a ₹1100 shirt at ₹950 pays 5 %', () => {
    const l = line(priced, 'shirt');
    expect(l.discountApplied).toBe(true);
    expect(l.taxRate).toBe('5');
    expect(l.inr).toMatchObject({ discountedUnitPrice: 95_000, discountPerUnit: 15_000, tax: 4_750 });
    expect(l.payout).toEqual({ lineTotal: 95_000, sellerPayout: 83_125, marketplaceTake: 11_875 });
  });

  it('prices an 8517 phone at its category rate of 18 %', () => {
    const l = line(priced, 'phone');
    expect(l.taxRate).toBe('18');
    expect(l.inr.tax).toBe(359_982);
  });

  it('adds the totals up from the lines', () => {
    expect(priced.totals.inr).toEqual({
      itemsPrice: 2_302_610,
      originalItemsPrice: 2_329_600,
      discount: 26_990,
      shippingPrice: 0,
      taxPrice: 382_671,
      // No seller state given: every line is inter-state, all IGST.
      cgst: 0,
      sgst: 0,
      igst: 382_671,
      totalPrice: 2_685_281,
    });
    expect(priced.totals.display).toEqual(priced.totals.inr);
    expect(priced.percentOff).toBe(2); // 1.158… % rounded up
    expect(priced.rateFromInr).toBe('1');
    expect(priced.currency).toBe(INR);
  });

  it('without the coupon the shirt keeps ₹1100 and moves to 12 %', () => {
    const noCoupon = priceCart(cart, { ...inrOpts, couponCodes: [] });
    const l = line(noCoupon, 'shirt');
    expect(l.discountApplied).toBe(false);
    expect(l.taxRate).toBe('12');
    expect(l.inr.tax).toBe(13_200);
    expect(line(noCoupon, 'shoe').discountApplied).toBe(true);
    expect(noCoupon.totals.inr.discount).toBe(11_990);
    const noCodes = priceCart(cart, { now, currency: INR, rateFromInr: 1 });
    expect(noCodes.totals).toEqual(noCoupon.totals);
  });

  it('the coupon matches case-insensitively', () => {
    expect(line(priceCart([shirt], { ...inrOpts, couponCodes: ['FeSt'] }), 'shirt').discountApplied).toBe(
      true,
    );
  });

  it('the line threshold: 3 T-shirts at ₹499 make a ₹1497 line at 12 %', () => {
    const l = line(priceCart([{ ...tshirt, qty: 3 }], inrOpts), 'tshirt');
    expect(l.taxRate).toBe('12');
    expect(l.inr.tax).toBe(17_964);
  });

  it('an expired discount does not apply and the rate follows the full price', () => {
    const expired = { ...shoe, discount: discount({ valid_until: '2025-05-01T00:00:00Z' }) };
    const l = line(priceCart([expired], inrOpts), 'shoe');
    expect(l.discountApplied).toBe(false);
    expect(l.inr.discountedUnitPrice).toBe(119_900);
  });

  it('an empty cart is all zeros', () => {
    const empty = priceCart([], inrOpts);
    const zeros = {
      itemsPrice: 0,
      originalItemsPrice: 0,
      discount: 0,
      shippingPrice: 0,
      taxPrice: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      totalPrice: 0,
    };
    expect(empty.lines).toEqual([]);
    expect(empty.totals).toEqual({ inr: zeros, display: zeros });
    expect(empty.percentOff).toBe(0);
  });

  it('refuses impossible lines and rates', () => {
    expect(() => priceCart([{ ...tshirt, qty: 0 }], inrOpts)).toThrow(RangeError);
    expect(() => priceCart([{ ...tshirt, qty: 1.5 }], inrOpts)).toThrow(RangeError);
    expect(() => priceCart([{ ...tshirt, priceInr: -1 }], inrOpts)).toThrow(RangeError);
    expect(() => priceCart([{ ...tshirt, priceInr: 499.5 }], inrOpts)).toThrow(RangeError);
    expect(() => priceCart([{ ...phone, categoryTax: null }], inrOpts)).toThrow(RangeError);
    expect(() => priceCart(cart, { ...inrOpts, rateFromInr: '0' })).toThrow(RangeError);
    expect(() => priceCart(cart, { ...inrOpts, rateFromInr: 'abc' })).toThrow(RangeError);
  });
});

describe('priceCart in a display currency (before 22 Sep 2025)', () => {
  it('INR → USD at 0.011976: each unit price converted half-up, lines and tax from them', () => {
    const usd = priceCart(cart, { ...inrOpts, currency: USD, rateFromInr: '0.011976' });
    const d = (id: string): LineAmounts => line(usd, id).display;
    // ₹499 × 0.011976 = $5.976024 → $5.98
    expect(d('tshirt')).toEqual({
      unitPrice: 598,
      discountedUnitPrice: 598,
      discountPerUnit: 0,
      originalLineTotal: 1_196,
      lineDiscount: 0,
      lineTotal: 1_196,
      tax: 60, // $11.96 × 5 % = $0.598
      gst: { cgst: 0, sgst: 0, igst: 60 },
    });
    // ₹1199 → $14.359224 → $14.36; ₹1079.10 → $12.9233016 → $12.92; tax $12.92 × 12 % = $1.5504
    expect(d('shoe')).toMatchObject({
      unitPrice: 1_436,
      discountedUnitPrice: 1_292,
      discountPerUnit: 144,
      tax: 155,
    });
    // ₹1100 → $13.1736 → $13.17; ₹950 → $11.3772 → $11.38; tax $0.569
    expect(d('shirt')).toMatchObject({
      unitPrice: 1_317,
      discountedUnitPrice: 1_138,
      discountPerUnit: 179,
      tax: 57,
    });
    // ₹19,999 → $239.508024 → $239.51; tax $43.1118
    expect(d('phone')).toMatchObject({ unitPrice: 23_951, lineTotal: 23_951, tax: 4_311 });
    expect(usd.totals.display).toEqual({
      itemsPrice: 27_577,
      originalItemsPrice: 27_900,
      discount: 323,
      shippingPrice: 0,
      taxPrice: 4_583,
      cgst: 0,
      sgst: 0,
      igst: 4_583,
      totalPrice: 32_160,
    });
    // INR side and the tax rates do not depend on the display currency.
    expect(usd.totals.inr).toEqual(priceCart(cart, inrOpts).totals.inr);
    expect(usd.lines.map((l) => l.taxRate)).toEqual(['5', '12', '5', '18']);
    expect(usd.rateFromInr).toBe('0.011976');
    // A JSON number rate means the same decimal.
    expect(priceCart(cart, { ...inrOpts, currency: USD, rateFromInr: 0.011976 })).toEqual(usd);
  });

  it('INR → JPY (0 decimals)', () => {
    const jpy = priceCart([phone], { ...inrOpts, currency: JPY, rateFromInr: '1.8' });
    // ₹19,999 × 1.8 = ¥35,998.2 → ¥35,998; tax ¥6,479.64 → ¥6,480
    expect(jpy.totals.display).toMatchObject({ itemsPrice: 35_998, taxPrice: 6_480, totalPrice: 42_478 });
  });

  it('INR → KWD (3 decimals)', () => {
    const kwd = priceCart([phone], { ...inrOpts, currency: KWD, rateFromInr: '0.0037' });
    // ₹19,999 × 0.0037 = KD 73.9963 → 73.996; tax KD 13.31928 → 13.319
    expect(kwd.totals.display).toMatchObject({ itemsPrice: 73_996, taxPrice: 13_319, totalPrice: 87_315 });
  });

  it('INR → CHF rounds every displayed amount to 0.05', () => {
    const chf = priceCart([tshirt, phone], { ...inrOpts, currency: CHF, rateFromInr: '0.0105' });
    // ₹499 × 0.0105 = CHF 5.2395 → 5.25; line 10.50; tax 0.525 → 0.55 (a tie on the 0.05 step, up)
    expect(line(chf, 'tshirt').display).toMatchObject({ unitPrice: 525, lineTotal: 1_050, tax: 55 });
    // ₹19,999 × 0.0105 = CHF 209.9895 → 210.00; tax 37.80
    expect(line(chf, 'phone').display).toMatchObject({ unitPrice: 21_000, tax: 3_780 });
    expect(chf.totals.display).toEqual({
      itemsPrice: 22_050,
      originalItemsPrice: 22_050,
      discount: 0,
      shippingPrice: 0,
      taxPrice: 3_835,
      cgst: 0,
      sgst: 0,
      igst: 3_835,
      totalPrice: 25_885,
    });
  });
});

describe('priceCart under the law from 22 Sep 2025', () => {
  const opts = { now: today, currency: INR, rateFromInr: '1' };
  const kurta: CartLineInput = {
    productId: 'kurta',
    qty: 1,
    priceInr: 299_900, // ₹2,999.00
    hsn: '6204',
    categoryTax: '5',
    percentageMarkup: '10',
  };

  it('garments and footwear by the price of one piece: ₹2,500 or less 5 %, above 18 %', () => {
    const priced = priceCart([tshirt, { ...shoe, discount: null }, kurta, phone], opts);
    expect(priced.lines.map((l) => l.taxRate)).toEqual(['5', '5', '18', '18']);
    expect(line(priced, 'tshirt').inr.tax).toBe(4_990); // 2 × ₹499 × 5 %
    expect(line(priced, 'shoe').inr.tax).toBe(5_995); // ₹1,199 × 5 % = ₹59.95
    expect(line(priced, 'kurta').inr.tax).toBe(53_982); // ₹2,999 × 18 %
    expect(line(priced, 'phone').inr.tax).toBe(359_982); // category rate 18 %
    expect(priced.totals.inr.taxPrice).toBe(4_990 + 5_995 + 53_982 + 359_982);
  });

  it('a line above ₹1,000 of cheap pieces is no longer taxed higher', () => {
    const l = line(priceCart([{ ...tshirt, qty: 3 }], opts), 'tshirt');
    expect(l.taxRate).toBe('5');
    expect(l.inr.tax).toBe(7_485); // ₹1,497 × 5 % = ₹74.85 (12 % before 22 Sep 2025)
  });

  it('a discount counts: ₹2,999 with ₹500 off is ₹2,499 a piece, 5 %', () => {
    const off = {
      ...kurta,
      discount: discount({
        discount_unit: 'amount',
        discount_value: '500',
        valid_until: '2026-06-02T00:00:00Z',
      }),
    };
    const l = line(priceCart([off], opts), 'kurta');
    expect(l.inr.discountedUnitPrice).toBe(249_900);
    expect(l.taxRate).toBe('5');
    expect(l.inr.tax).toBe(12_495); // ₹2,499 × 5 % = ₹124.95
  });
});

describe('priceCart: CGST + SGST within a state, IGST across states', () => {
  // A ₹199.80 line at 5 %: IGST ₹9.99 exactly; CGST and SGST each 2.5 % = ₹4.995 → ₹5.00 (half-up on
  // their own), so within the state the buyer pays a paisa more.
  const cheap = (productId: string, sellerStateCode: string | null): CartLineInput => ({
    productId,
    qty: 1,
    priceInr: 19_980,
    hsn: '6109',
    categoryTax: '5',
    percentageMarkup: '0',
    sellerStateCode,
  });
  const opts = { now: today, currency: INR, rateFromInr: '1' };

  it("splits each line by its seller's state against the delivery state", () => {
    const priced = priceCart([cheap('pune', '27'), cheap('bengaluru', '29')], {
      ...opts,
      deliveryStateCode: '27',
    });
    const pune = line(priced, 'pune');
    expect(pune).toMatchObject({ intraState: true, sellerStateCode: '27' });
    expect(pune.inr.gst).toEqual({ cgst: 500, sgst: 500, igst: 0 });
    expect(pune.inr.tax).toBe(1_000);
    const bengaluru = line(priced, 'bengaluru');
    expect(bengaluru).toMatchObject({ intraState: false, sellerStateCode: '29' });
    expect(bengaluru.inr.gst).toEqual({ cgst: 0, sgst: 0, igst: 999 });
    expect(priced.totals.inr).toMatchObject({ cgst: 500, sgst: 500, igst: 999, taxPrice: 1_999 });
    expect(priced.totals.inr.totalPrice).toBe(2 * 19_980 + 1_999);
  });

  it('IGST when the delivery is abroad or a state is unknown', () => {
    for (const [seller, delivery] of [
      ['27', null],
      [null, '27'],
      [null, null],
    ] as const) {
      const l = priceCart([cheap('x', seller)], { ...opts, deliveryStateCode: delivery }).lines[0]!;
      expect(l.intraState).toBe(false);
      expect(l.inr.gst).toEqual({ cgst: 0, sgst: 0, igst: 999 });
    }
  });

  it('18 %: CGST 9 % + SGST 9 % of a ₹19,999 phone is ₹1,799.91 each', () => {
    const priced = priceCart([{ ...phone, sellerStateCode: '29' }], { ...opts, deliveryStateCode: '29' });
    expect(priced.lines[0]!.inr.gst).toEqual({ cgst: 179_991, sgst: 179_991, igst: 0 });
  });

  it('display components in CHF are each rounded to the 0.05 cash step', () => {
    const kurta = { ...cheap('kurta', '27'), priceInr: 199_900 }; // ₹1,999
    const chfOpts = { ...opts, currency: CHF, rateFromInr: '0.0105' };
    // ₹1,999 × 0.0105 = CHF 20.9895 → 21.00. 5 %: IGST CHF 1.05 exactly; CGST and SGST 2.5 % = 0.525,
    // each half-up to the step → 0.55, so CHF 1.10 within the state.
    const intra = priceCart([kurta], { ...chfOpts, deliveryStateCode: '27' });
    expect(intra.lines[0]!.display).toMatchObject({
      lineTotal: 2_100,
      tax: 110,
      gst: { cgst: 55, sgst: 55, igst: 0 },
    });
    expect(intra.totals.display).toMatchObject({
      cgst: 55,
      sgst: 55,
      igst: 0,
      taxPrice: 110,
      totalPrice: 2_210,
    });
    const inter = priceCart([kurta], { ...chfOpts, deliveryStateCode: '29' });
    expect(inter.lines[0]!.display).toMatchObject({ tax: 105, gst: { cgst: 0, sgst: 0, igst: 105 } });
    // The INR side of the same line: ₹99.95 IGST, or ₹49.975 → ₹49.98 twice.
    expect(intra.lines[0]!.inr.gst).toEqual({ cgst: 4_998, sgst: 4_998, igst: 0 });
    expect(inter.lines[0]!.inr.gst).toEqual({ cgst: 0, sgst: 0, igst: 9_995 });
  });
});

describe('convertFromInr (single prices)', () => {
  it.each<[number, string, CurrencySpec, number]>([
    [129_950, '0.011976', USD, 1_556],
    [129_950, '1', INR, 129_950],
    [129_950, '1.8', JPY, 2_339],
    [129_950, '0.0037', KWD, 4_808],
    [129_950, '0.0105', CHF, 1_365],
    [0, '0.011976', USD, 0],
  ])('%i paise at %s → %i %s minor units', (minor, rate, currency, expected) => {
    expect(convertFromInr(minor, rate, currency)).toBe(expected);
  });
});

describe('cartPercentOff (docs/product/pricing-and-tax.md: rounded up when not whole)', () => {
  it.each([
    [10_000, 9_000, 10], // exactly 10 %
    [10_000, 8_980, 11], // 10.2 % → 11
    [10_000, 8_999, 11], // 10.01 % → 11
    [10_000, 9_001, 10], // 9.99 % → 10
    [10_000, 9_999, 1], // 0.01 % → 1
    [10_000, 0, 100],
    [3, 2, 34], // 33.3… % → 34
    [10_000, 10_000, 0],
    [10_000, 11_000, 0],
    [0, 0, 0],
    [Number.MAX_SAFE_INTEGER, 1, 100],
  ])('%i → %i is %i percent', (original, discounted, expected) => {
    expect(cartPercentOff(original, discounted)).toBe(expected);
  });

  it('refuses non-integer totals', () => {
    expect(() => cartPercentOff(100.5, 50)).toThrow(RangeError);
  });
});

describe('priceCart: property checks over many random carts', () => {
  const currencies: [CurrencySpec, string][] = [
    [INR, '1'],
    [USD, '0.011976'],
    [JPY, '1.8123'],
    [KWD, '0.00369'],
    [CHF, '0.0105'],
  ];
  const hsns = ['6109', '6205', '6302', '6403', '6404', '8517', '7113'];
  const taxes = ['0', '3', '5', '12', '18', '28', '0.25'];

  it('keeps every amount integral and every total equal to the sum of its lines', () => {
    const r = rng(1000);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
    for (let n = 0; n < 400; n++) {
      const lines: CartLineInput[] = Array.from({ length: 1 + Math.floor(r() * 6) }, (_, i) => {
        const priceInr = Math.floor(r() * 300_000);
        const kind = r();
        const d: Discount | undefined =
          kind < 0.3
            ? discount({ discount_value: (Math.floor(r() * 10_000) / 100).toFixed(2) })
            : kind < 0.6
              ? discount({
                  discount_unit: 'amount',
                  discount_value: (Math.floor(r() * priceInr * 1.2) / 100).toFixed(2),
                  coupon_code: r() < 0.5 ? 'SALE' : null,
                })
              : undefined;
        return {
          productId: `p${i}`,
          qty: 1 + Math.floor(r() * 5),
          priceInr,
          discount: d,
          hsn: pick(hsns),
          categoryTax: pick(taxes),
          percentageMarkup: (Math.floor(r() * 3_000) / 100).toFixed(2),
          sellerStateCode: pick(['27', '29', null]),
        };
      });
      const [currency, rate] = pick(currencies);
      const delivery = pick(['27', null]);
      const priced = priceCart(lines, {
        // Both laws; discounts valid until `tomorrow` are expired at `today`.
        now: pick([now, today]),
        couponCodes: r() < 0.5 ? ['sale'] : [],
        currency,
        rateFromInr: rate,
        deliveryStateCode: delivery,
      });
      const step = currency.rounding === 0.05 ? 5 : 1;

      for (const [side, totals] of [
        ['inr', priced.totals.inr],
        ['display', priced.totals.display],
      ] as const) {
        const amounts = priced.lines.map((l) => l[side]);
        for (const [i, a] of amounts.entries()) {
          const qty = priced.lines[i]?.qty ?? 0;
          const { gst, ...plain } = a;
          expect(a.tax).toBe(gst.cgst + gst.sgst + gst.igst);
          for (const v of [...Object.values(plain), ...Object.values(gst)]) {
            expect(Number.isSafeInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
            if (side === 'display') expect(v % step).toBe(0);
          }
          expect(a.discountPerUnit).toBe(a.unitPrice - a.discountedUnitPrice);
          expect(a.originalLineTotal).toBe(a.unitPrice * qty);
          expect(a.lineTotal).toBe(a.discountedUnitPrice * qty);
          expect(a.lineDiscount).toBe(a.discountPerUnit * qty);
        }
        const sum = (f: (a: LineAmounts) => number) => amounts.reduce((s, a) => s + f(a), 0);
        expect(totals.itemsPrice).toBe(sum((a) => a.lineTotal));
        expect(totals.originalItemsPrice).toBe(sum((a) => a.originalLineTotal));
        expect(totals.discount).toBe(sum((a) => a.lineDiscount));
        expect(totals.taxPrice).toBe(sum((a) => a.tax));
        expect(totals.cgst + totals.sgst + totals.igst).toBe(totals.taxPrice);
        expect(totals.shippingPrice).toBe(0);
        expect(totals.originalItemsPrice - totals.discount).toBe(totals.itemsPrice);
        expect(totals.itemsPrice + totals.shippingPrice + totals.taxPrice).toBe(totals.totalPrice);
      }

      for (const l of priced.lines) {
        const inrLine = l.inr.lineTotal;
        // INR tax is the exact half-up per-line GST at the line's rate: IGST whole, or CGST and SGST each
        // half-up at half the rate.
        const hundredths = Math.round(Number(l.taxRate) * 100);
        if (l.intraState) {
          const half = Math.floor((2 * inrLine * hundredths + 20_000) / 40_000);
          expect(l.inr.gst).toEqual({ cgst: half, sgst: half, igst: 0 });
        } else {
          expect(l.inr.gst).toEqual({
            cgst: 0,
            sgst: 0,
            igst: Math.floor((2 * inrLine * hundredths + 10_000) / 20_000),
          });
        }
        expect(l.intraState).toBe(delivery !== null && l.sellerStateCode === delivery);
        expect(l.payout.lineTotal).toBe(inrLine);
        expect(l.payout.sellerPayout + l.payout.marketplaceTake).toBe(inrLine);
        expect(l.discountApplied).toBe(l.inr.discountPerUnit > 0);
        if (l.discountApplied) expect(l.inr.discountedUnitPrice).toBeGreaterThan(0);
        if (currency === INR) expect(l.display).toEqual(l.inr);
      }
      expect(priced.percentOff).toBeGreaterThanOrEqual(0);
      expect(priced.percentOff).toBeLessThanOrEqual(100);
    }
  }, 60_000);
});
