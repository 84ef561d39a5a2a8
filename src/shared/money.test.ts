import { describe, expect, it } from 'vitest';
import {
  INR,
  addMoney,
  cashRound,
  compareDecimal,
  convertMinor,
  decimalToString,
  divideHalfUp,
  formatDecimal,
  formatMoney,
  invertRate,
  multiplyByRate,
  multiplyMoney,
  parseDecimal,
  parseMoney,
  percentOf,
  roundingIncrement,
  subtractMoney,
  sumMoney,
  toWireNumber,
  tryParseDecimal,
  tryParseMoney,
  type CurrencySpec,
  type DecimalInput,
} from './money.ts';

const JPY: CurrencySpec = { code: 'JPY', decimalDigits: 0, rounding: 0 };
const KWD: CurrencySpec = { code: 'KWD', decimalDigits: 3, rounding: 0 };
const USD: CurrencySpec = { code: 'USD', decimalDigits: 2, rounding: 0 };
const CHF: CurrencySpec = { code: 'CHF', decimalDigits: 2, rounding: 0.05 };

/** Deterministic PRNG (mulberry32) so the property loops are reproducible. */
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
const randInt = (r: () => number, max: number): number => Math.floor(r() * (max + 1));

/** Independent half-up oracle for non-negative integers small enough to be exact in doubles. */
const halfUp = (n: number, d: number): number => Math.floor((2 * n + d) / (2 * d));

describe('divideHalfUp', () => {
  it.each([
    [5n, 2n, 3n],
    [4n, 2n, 2n],
    [7n, 2n, 4n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [0n, 7n, 0n],
    [-5n, 2n, -3n],
    [-4n, 3n, -1n],
    [-5n, 3n, -2n],
    [1n, 2n, 1n],
    [1n, 3n, 0n],
  ])('%s / %s → %s (ties away from zero)', (n, d, q) => {
    expect(divideHalfUp(n, d)).toBe(q);
  });
  it('refuses a zero or negative divisor', () => {
    expect(() => divideHalfUp(1n, 0n)).toThrow(RangeError);
    expect(() => divideHalfUp(1n, -2n)).toThrow(RangeError);
  });
});

describe('parseMoney / tryParseMoney', () => {
  it.each<[DecimalInput, number, number]>([
    ['1299.50', 2, 129950],
    ['1299.5', 2, 129950],
    [1299.5, 2, 129950],
    ['1299.500', 2, 129950],
    ['0', 2, 0],
    ['0.00', 2, 0],
    ['0.01', 2, 1],
    [0.01, 2, 1],
    ['100', 2, 10000],
    [100, 2, 10000],
    ['-12.34', 2, -1234],
    ['-0', 2, 0],
    ['007.10', 2, 710],
    ['999999999999.99', 2, 99999999999999],
    ['1300', 0, 1300],
    ['1300.0', 0, 1300],
    [1300, 0, 1300],
    ['1.234', 3, 1234],
    ['1.2', 3, 1200],
    [4.808, 3, 4808],
  ])('%s with %i digits', (input, digits, expected) => {
    expect(parseMoney(input, digits)).toBe(expected);
    expect(tryParseMoney(input, digits)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseMoney('-0.00'), 0)).toBe(true);
  });

  it.each<[unknown, number]>([
    ['', 2],
    [' ', 2],
    ['abc', 2],
    ['1,299.50', 2],
    ['1 299.50', 2],
    [' 12', 2],
    ['12 ', 2],
    ['12.', 2],
    ['.5', 2],
    ['+5', 2],
    ['1e3', 2],
    ['0x10', 2],
    ['NaN', 2],
    ['Infinity', 2],
    ['12.3.4', 2],
    ['--1', 2],
    ['١٢', 2],
    ['₹12', 2],
    ['1.005', 2],
    ['0.001', 2],
    ['1300.5', 0],
    ['1.2345', 3],
    ['99999999999999999999', 2],
    ['90071992547409.92', 2],
    [NaN, 2],
    [Infinity, 2],
    [-Infinity, 2],
    [1e21, 2],
    [1e-7, 2],
    [0.1 + 0.2, 2], // 0.30000000000000004 is not money: refused, not silently rounded
    [0.1 + 0.7, 2],
    [null, 2],
    [undefined, 2],
    [{}, 2],
    [true, 2],
    [[1], 2],
  ])('rejects %j (%i digits)', (input, digits) => {
    expect(tryParseMoney(input as DecimalInput, digits)).toBeNull();
    expect(() => parseMoney(input as DecimalInput, digits)).toThrow(RangeError);
  });

  it('accepts the largest safe amount and refuses one more', () => {
    expect(parseMoney('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(tryParseMoney('-90071992547409.91')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(tryParseMoney('90071992547409.92')).toBeNull();
  });

  it('refuses impossible decimal digits', () => {
    expect(() => parseMoney('1', -1)).toThrow(RangeError);
    expect(() => parseMoney('1', 1.5)).toThrow(RangeError);
    expect(() => parseMoney('1', 9)).toThrow(RangeError);
  });
});

describe('parseDecimal', () => {
  it.each<[DecimalInput, bigint, number]>([
    ['0.0119', 119n, 4],
    [0.011976, 11976n, 6],
    ['0.011976', 11976n, 6],
    ['12.5', 125n, 1],
    ['15', 15n, 0],
    [1.234e-7, 1234n, 10],
    ['1e3', 1000n, 0],
    ['1.5E+2', 150n, 0],
    ['2.5e-1', 25n, 2],
    ['-3.25', -325n, 2],
  ])('%s → %s / 10^%i', (input, units, scale) => {
    expect(parseDecimal(input)).toEqual({ units, scale });
  });

  it.each<unknown>(['', 'abc', '1e999', '1'.repeat(65), NaN, Infinity, '1,5', '.5', '+1', null, undefined])(
    'rejects %j',
    (input) => {
      expect(tryParseDecimal(input as DecimalInput)).toBeNull();
      expect(() => parseDecimal(input as DecimalInput)).toThrow(RangeError);
    },
  );

  it('prints canonically and compares exactly', () => {
    expect(decimalToString(parseDecimal('12.50'))).toBe('12.5');
    expect(decimalToString(parseDecimal('18.00'))).toBe('18');
    expect(decimalToString(parseDecimal('0.000'))).toBe('0');
    expect(decimalToString(parseDecimal('-0.50'))).toBe('-0.5');
    expect(decimalToString(parseDecimal('1e3'))).toBe('1000');
    expect(decimalToString(parseDecimal(0.0119))).toBe('0.0119');
    expect(compareDecimal(parseDecimal('1.50'), parseDecimal('1.5'))).toBe(0);
    expect(compareDecimal(parseDecimal('1.49'), parseDecimal('1.5'))).toBe(-1);
    expect(compareDecimal(parseDecimal('2'), parseDecimal('1.999'))).toBe(1);
  });
});

describe('formatDecimal / toWireNumber', () => {
  it.each<[number, number, string, number]>([
    [129950, 2, '1299.50', 1299.5],
    [5, 2, '0.05', 0.05],
    [-5, 2, '-0.05', -0.05],
    [0, 2, '0.00', 0],
    [-129950, 2, '-1299.50', -1299.5],
    [1300, 0, '1300', 1300],
    [1234, 3, '1.234', 1.234],
    [4, 3, '0.004', 0.004],
    [Number.MAX_SAFE_INTEGER, 2, '90071992547409.91', 90071992547409.91],
  ])('%i with %i digits → %s', (minor, digits, text, wire) => {
    expect(formatDecimal(minor, digits)).toBe(text);
    expect(toWireNumber(minor, digits)).toBe(wire);
  });

  it('refuses non-integer minor units', () => {
    expect(() => formatDecimal(1.5)).toThrow(RangeError);
    expect(() => toWireNumber(NaN)).toThrow(RangeError);
  });

  it('round-trips through the wire for many random amounts in 0, 2 and 3 digits', () => {
    const r = rng(42);
    for (let i = 0; i < 3000; i++) {
      const digits = [0, 2, 3][i % 3] ?? 2;
      const minor = randInt(r, 99_999_999_999_999) * (r() < 0.1 ? -1 : 1);
      expect(parseMoney(toWireNumber(minor, digits), digits)).toBe(minor);
      expect(parseMoney(formatDecimal(minor, digits), digits)).toBe(minor);
    }
  });
});

describe('add, subtract, multiply by quantity', () => {
  it('adds and subtracts exactly', () => {
    expect(addMoney(10, 20, 30)).toBe(60);
    expect(addMoney()).toBe(0);
    expect(sumMoney([])).toBe(0);
    expect(sumMoney(new Set([1, 2]))).toBe(3);
    // 0.1 + 0.2 in rupees: exact in paise.
    expect(addMoney(parseMoney('0.1'), parseMoney('0.2'))).toBe(parseMoney('0.3'));
    expect(subtractMoney(129950, 12995)).toBe(116955);
    expect(subtractMoney(1, 2)).toBe(-1);
  });

  it('multiplies by whole quantities', () => {
    expect(multiplyMoney(129950, 3)).toBe(389850);
    expect(multiplyMoney(129950, 0)).toBe(0);
    expect(multiplyMoney(-5, 2)).toBe(-10);
  });

  it('refuses fractions, floats and overflow', () => {
    expect(() => multiplyMoney(100, 1.5)).toThrow(RangeError);
    expect(() => multiplyMoney(1.5, 2)).toThrow(RangeError);
    expect(() => addMoney(0.1, 0.2)).toThrow(RangeError);
    expect(() => subtractMoney(1, NaN)).toThrow(RangeError);
    expect(() => addMoney(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => multiplyMoney(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});

describe('multiplyByRate / percentOf (half-up in integer math)', () => {
  it.each<[number, DecimalInput, number]>([
    [10000, '0.5', 5000],
    [1, '0.5', 1],
    [3, '0.5', 2],
    [-1, '0.5', -1],
    [129950, '0.011976', 1556],
    [100000, '0.0119', 1190],
    [125, '0.012', 2], // 1.5 → 2
    [124, '0.012', 1], // 1.488 → 1
    [100, 1.1, 110],
  ])('%i × %s = %i', (minor, rate, expected) => {
    expect(multiplyByRate(minor, rate)).toBe(expected);
  });

  it.each<[number, DecimalInput, number]>([
    [1000, '12.5', 125],
    [1, '50', 1], // 0.5 → 1
    [101, '50', 51], // 50.5 → 51
    [100, '0.5', 1], // 0.5 → 1
    [99, '0.5', 0], // 0.495 → 0
    [99999, 5, 5000], // 4999.95 → 5000
    [12345, '18', 2222], // 2222.1
    [12350, '18.00', 2223], // 2223.0
    [10, 15, 2], // 1.5 → 2
    [0, 18, 0],
  ])('%s percent of %i = %i', (minor, percent, expected) => {
    expect(percentOf(minor, percent)).toBe(expected);
  });

  it('matches an independent oracle over many random amounts and rates', () => {
    const r = rng(7);
    for (let i = 0; i < 5000; i++) {
      const minor = randInt(r, 1_000_000_000);
      const pct = randInt(r, 10_000); // hundredths of a percent
      expect(percentOf(minor, (pct / 100).toFixed(2))).toBe(halfUp(minor * pct, 10_000));
      const rateMicros = 1 + randInt(r, 2_000_000);
      expect(multiplyByRate(minor, (rateMicros / 1e6).toFixed(6))).toBe(
        halfUp(minor * rateMicros, 1_000_000),
      );
    }
  });

  it('refuses garbage rates', () => {
    expect(() => multiplyByRate(100, 'abc')).toThrow(RangeError);
    expect(() => percentOf(100, NaN)).toThrow(RangeError);
  });
});

describe('cash rounding', () => {
  it('derives the step in minor units', () => {
    expect(roundingIncrement(CHF)).toBe(5n);
    expect(roundingIncrement({ decimalDigits: 2, rounding: '0.05' })).toBe(5n);
    expect(roundingIncrement(INR)).toBe(1n);
    expect(roundingIncrement(JPY)).toBe(1n);
    expect(roundingIncrement({ decimalDigits: 0, rounding: 5 })).toBe(5n);
    expect(roundingIncrement({ decimalDigits: 3, rounding: 0.05 })).toBe(50n);
  });

  it('refuses steps finer than the currency or negative', () => {
    expect(() => roundingIncrement({ decimalDigits: 2, rounding: 0.001 })).toThrow(RangeError);
    expect(() => roundingIncrement({ decimalDigits: 2, rounding: -0.05 })).toThrow(RangeError);
    expect(() => roundingIncrement({ decimalDigits: 2, rounding: 'x' })).toThrow(RangeError);
  });

  it.each([
    [100, 100],
    [101, 100],
    [102, 100],
    [103, 105],
    [104, 105],
    [107, 105],
    [108, 110],
    [1, 0],
    [2, 0],
    [3, 5],
    [-3, -5],
    [-2, 0],
    [1362, 1360],
    [1363, 1365],
  ])('CHF %i → %i', (minor, expected) => {
    expect(cashRound(minor, CHF)).toBe(expected);
  });

  it('rounds ties up with a step that has ties', () => {
    expect(cashRound(5, { decimalDigits: 2, rounding: 0.1 })).toBe(10);
    expect(cashRound(4, { decimalDigits: 2, rounding: 0.1 })).toBe(0);
  });

  it('leaves currencies without a step alone', () => {
    expect(cashRound(12347, INR)).toBe(12347);
    expect(cashRound(7, JPY)).toBe(7);
  });
});

describe('convertMinor across decimal digits', () => {
  it.each<[string, number, DecimalInput, CurrencySpec, CurrencySpec, number]>([
    // ₹1299.50 × 1.8 = ¥2339.1
    ['INR → JPY', 129950, '1.8', INR, JPY, 2339],
    // ₹1299.50 × 1.8005 = ¥2339.74975
    ['INR → JPY up', 129950, '1.8005', INR, JPY, 2340],
    // ₹1299.50 × 0.0037 = KD 4.80815
    ['INR → KWD', 129950, '0.0037', INR, KWD, 4808],
    // ₹1000 × 0.0036945 = KD 3.6945 (a tie at 3 digits → up)
    ['INR → KWD tie', 100000, '0.0036945', INR, KWD, 3695],
    // ¥2339 × 0.00205 = KD 4.79495
    ['JPY → KWD', 2339, '0.00205', JPY, KWD, 4795],
    // KD 4.808 × 487.5 = ¥2343.9
    ['KWD → JPY', 4808, '487.5', KWD, JPY, 2344],
    // KD 1.000 × 270.155 = ₹270.155 → ₹270.16
    ['KWD → INR tie', 1000, '270.155', KWD, INR, 27016],
    // ₹1299.50 × 0.011976 = $15.562812
    ['INR → USD', 129950, '0.011976', INR, USD, 1556],
    ['INR → USD tie', 125, '0.012', INR, USD, 2],
    // ₹1299.50 × 0.0105 = CHF 13.64475 → 13.65 (nearest 0.05)
    ['INR → CHF', 129950, '0.0105', INR, CHF, 1365],
    // ₹1010 × 0.0105 = CHF 10.605 → 10.60
    ['INR → CHF down', 101000, '0.0105', INR, CHF, 1060],
    // ₹1000 × 0.010025 = CHF 10.025, exactly halfway between 10.00 and 10.05 → 10.05
    ['INR → CHF tie', 100000, '0.010025', INR, CHF, 1005],
    ['INR → INR', 129950, '1', INR, INR, 129950],
    ['zero', 0, '0.011976', INR, USD, 0],
  ])('%s', (_name, minor, rate, from, to, expected) => {
    expect(convertMinor(minor, rate, from, to)).toBe(expected);
  });

  it('rounds once, straight to the cash step (no double rounding)', () => {
    const TENTHS = { decimalDigits: 2, rounding: 0.1 };
    // ₹0.46 × 0.1 = 0.046: direct → 0.00; rounding to cents first (0.05) then to 0.10 would give 0.10.
    expect(convertMinor(46, '0.1', INR, TENTHS)).toBe(0);
    expect(cashRound(convertMinor(46, '0.1', INR, USD), TENTHS)).toBe(10);
    expect(convertMinor(10249, '0.1', INR, CHF)).toBe(1025);
    expect(convertMinor(102249, '0.01', INR, CHF)).toBe(1020);
    expect(convertMinor(102250, '0.01', INR, CHF)).toBe(1025);
  });

  it('refuses non-positive or garbage rates', () => {
    expect(() => convertMinor(100, '0', INR, USD)).toThrow(RangeError);
    expect(() => convertMinor(100, '-1', INR, USD)).toThrow(RangeError);
    expect(() => convertMinor(100, 'abc', INR, USD)).toThrow(RangeError);
    expect(() => convertMinor(1.5, '1', INR, USD)).toThrow(RangeError);
  });

  it('matches an oracle and stays integral over many random amounts', () => {
    const r = rng(99);
    for (let i = 0; i < 3000; i++) {
      const minor = randInt(r, 10_000_000_000);
      const micros = 1 + randInt(r, 5_000_000);
      const rate = (micros / 1e6).toFixed(6);
      // INR (2) → USD (2): minor × micros / 1e6
      expect(convertMinor(minor, rate, INR, USD)).toBe(halfUp(minor * micros, 1_000_000));
      // INR (2) → JPY (0): minor × micros / 1e8
      expect(convertMinor(minor, rate, INR, JPY)).toBe(halfUp(minor * micros, 100_000_000));
      const chf = convertMinor(minor, rate, INR, CHF);
      expect(Number.isSafeInteger(chf)).toBe(true);
      expect(chf % 5).toBe(0);
      expect(Math.abs(chf - (minor * micros) / 1e6)).toBeLessThanOrEqual(2.5);
    }
  });
});

describe('invertRate', () => {
  it('turns INR per display unit into display units per INR', () => {
    expect(invertRate('83.5')).toBe('0.0119760479');
    expect(invertRate(83.5, 6)).toBe('0.011976');
    expect(invertRate('1')).toBe('1');
    expect(invertRate('0.5')).toBe('2');
    expect(invertRate(3)).toBe('0.3333333333');
    expect(invertRate('0.0036945', 4)).toBe('270.6726');
  });

  it('agrees with exact division to the minor unit for ordinary amounts', () => {
    // ₹1299.50 / 83.5 = $15.5628742… → $15.56 either way.
    expect(convertMinor(129950, invertRate('83.5'), INR, USD)).toBe(1556);
  });

  it('refuses what cannot be inverted', () => {
    expect(() => invertRate('0')).toThrow(RangeError);
    expect(() => invertRate('-2')).toThrow(RangeError);
    expect(() => invertRate('1e20', 10)).toThrow(RangeError);
    expect(() => invertRate('2', -1)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  const nbsp = '\u00a0';
  it('uses Indian grouping in en-IN (the default) and Western grouping in en', () => {
    expect(formatMoney(12345650, INR)).toBe('₹1,23,456.50');
    expect(formatMoney(12345650, INR, 'en-IN')).toBe('₹1,23,456.50');
    expect(formatMoney(12345650, INR, 'en')).toBe('₹123,456.50');
  });

  it('always shows the currency’s decimals', () => {
    expect(formatMoney(129900, INR)).toBe('₹1,299.00');
    expect(formatMoney(5, INR)).toBe('₹0.05');
    expect(formatMoney(0, INR)).toBe('₹0.00');
    expect(formatMoney(123456, JPY, 'en')).toBe('¥123,456');
    expect(formatMoney(1234567, KWD, 'en')).toBe(`KWD${nbsp}1,234.567`);
    expect(formatMoney(4, KWD, 'en')).toBe(`KWD${nbsp}0.004`);
    expect(formatMoney(1365, CHF, 'en')).toBe(`CHF${nbsp}13.65`);
    expect(formatMoney(12345650, USD, 'en')).toBe('$123,456.50');
  });

  it('formats negatives and the largest amounts exactly', () => {
    expect(formatMoney(-5, INR, 'en')).toBe('-₹0.05');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, INR)).toBe('₹9,00,71,99,25,47,409.91');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, JPY, 'en')).toBe('¥9,007,199,254,740,991');
  });

  it('refuses non-integer amounts rather than rounding them', () => {
    expect(() => formatMoney(1.5, INR)).toThrow(RangeError);
  });
});
