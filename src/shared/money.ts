/**
 * Exact money (docs/product/pricing-and-tax.md#money, ADR 0031). An amount is a safe integer of its
 * currency's minor units (paise for INR, yen for JPY, fils for KWD). Anything that multiplies by a decimal
 * (a percentage, an exchange rate) is done on BigInt numerators and denominators and rounded once,
 * half-up, so no binary float ever carries an amount. Pure: no I/O, usable by server and web alike.
 */

/** An amount in integer minor units of its currency. Always a safe integer. */
export type Minor = number;

/** A decimal as it arrives from the database (NUMERIC as a string) or the wire (a JSON number). */
export type DecimalInput = string | number;

/**
 * What arithmetic needs to know about a currency: the subset of a currency-table row that matters.
 * `rounding` is the cash-rounding step in major units (0.05 for CHF), 0 for "none".
 */
export type CurrencyRules = { decimalDigits: number; rounding: DecimalInput };

/** A currency-table row as formatting needs it. */
export type CurrencySpec = CurrencyRules & { code: string };

/** The catalogue's currency: every product price is INR (docs/product/pricing-and-tax.md). */
export const INR: CurrencySpec = { code: 'INR', decimalDigits: 2, rounding: 0 };

/** Locale used by `formatMoney` when the caller gives none: Indian grouping, the marketplace's home. */
export const DEFAULT_MONEY_LOCALE = 'en-IN';

/** An exact decimal: `units / 10^scale`. */
export type ExactDecimal = { readonly units: bigint; readonly scale: number };

// Exponents and lengths are bounded so hostile input cannot make BigInt allocate without limit.
const MAX_DECIMAL_LENGTH = 64;
const MAX_EXPONENT = 40;
const MAX_DECIMAL_DIGITS = 8;
const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
const PLAIN_MONEY_RE = /^-?\d+(?:\.\d+)?$/;

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** `n / d` rounded half-up (ties away from zero, so -x rounds like x); `d` must be positive. */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divideHalfUp needs a positive divisor');
  const q = n / d;
  const r = n % d;
  const twiceRemainder = 2n * (r < 0n ? -r : r);
  if (twiceRemainder >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** A BigInt back to a JavaScript number, refusing anything outside the safe-integer range. */
export function toSafeMinor(value: bigint): Minor {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError('Amount is too large');
  }
  return Number(value);
}

/** Throws unless `value` is a safe integer amount in minor units. */
export function assertMinor(value: number, what = 'amount'): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer of minor units`);
}

function assertDigits(decimalDigits: number): void {
  if (!Number.isInteger(decimalDigits) || decimalDigits < 0 || decimalDigits > MAX_DECIMAL_DIGITS) {
    throw new RangeError(`decimalDigits must be an integer from 0 to ${MAX_DECIMAL_DIGITS}`);
  }
}

/** Parses a decimal exactly, or returns null for anything that is not one (NaN, '', '1,5', '0x10', …). */
export function tryParseDecimal(input: DecimalInput): ExactDecimal | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    // String() gives the shortest decimal that round-trips, i.e. the decimal the sender meant.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return null;
  }
  if (text.length > MAX_DECIMAL_LENGTH) return null;
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const [, sign, intPart = '', fracPart = '', expPart] = m;
  const exponent = expPart === undefined ? 0 : Number(expPart);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let units = BigInt(intPart + fracPart);
  if (sign) units = -units;
  let scale = fracPart.length - exponent;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units, scale };
}

/** Parses a decimal exactly; throws a RangeError on anything else. */
export function parseDecimal(input: DecimalInput, what = 'decimal'): ExactDecimal {
  const d = tryParseDecimal(input);
  if (!d) throw new RangeError(`Invalid ${what}: ${String(input)}`);
  return d;
}

/** Canonical text of an exact decimal, without trailing zeros: '12.50' → '12.5', '18.00' → '18'. */
export function decimalToString(d: ExactDecimal): string {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return formatScaled(units, scale);
}

/** Compares two exact decimals: -1, 0 or 1. */
export function compareDecimal(a: ExactDecimal, b: ExactDecimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * pow10(scale - a.scale);
  const y = b.units * pow10(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const body = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${body}` : body;
}

/**
 * Parses an amount in major units ('1299.50' from NUMERIC, 1299.5 from JSON) into minor units, exactly.
 * Returns null for garbage, for more fraction digits than the currency has ('1.005' in INR; trailing zeros
 * are fine) and for amounts beyond the safe-integer range. Strings must be plain decimals: no exponent,
 * no '+', no spaces, no grouping.
 */
export function tryParseMoney(value: DecimalInput, decimalDigits = 2): Minor | null {
  assertDigits(decimalDigits);
  if (typeof value === 'string' && !PLAIN_MONEY_RE.test(value)) return null;
  const d = tryParseDecimal(value);
  if (!d) return null;
  let minor: bigint;
  if (d.scale <= decimalDigits) {
    minor = d.units * pow10(decimalDigits - d.scale);
  } else {
    const extra = pow10(d.scale - decimalDigits);
    if (d.units % extra !== 0n) return null;
    minor = d.units / extra;
  }
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < BigInt(Number.MIN_SAFE_INTEGER)) return null;
  return Number(minor);
}

/** Like `tryParseMoney`, but throws a RangeError on anything that is not an exact amount. */
export function parseMoney(value: DecimalInput, decimalDigits = 2): Minor {
  const minor = tryParseMoney(value, decimalDigits);
  if (minor === null) throw new RangeError(`Invalid amount: ${String(value)}`);
  return minor;
}

/** Minor units back to a plain decimal string with exactly the currency's decimals: 129950 → '1299.50'. */
export function formatDecimal(minor: Minor, decimalDigits = 2): string {
  assertMinor(minor);
  assertDigits(decimalDigits);
  return formatScaled(BigInt(minor), decimalDigits);
}

/**
 * Minor units as a wire number in major units (docs/product/api.md#wire-conventions): 129950 → 1299.5. The decimal text is exact,
 * and the nearest double prints back as that same text, so the receiver's `parseMoney` recovers it.
 */
export function toWireNumber(minor: Minor, decimalDigits = 2): number {
  return Number(formatDecimal(minor, decimalDigits));
}

export function addMoney(...amounts: Minor[]): Minor {
  return sumMoney(amounts);
}

export function sumMoney(amounts: Iterable<Minor>): Minor {
  let total = 0n;
  for (const a of amounts) {
    assertMinor(a);
    total += BigInt(a);
  }
  return toSafeMinor(total);
}

export function subtractMoney(a: Minor, b: Minor): Minor {
  assertMinor(a);
  assertMinor(b);
  return toSafeMinor(BigInt(a) - BigInt(b));
}

/** An amount times a whole quantity. */
export function multiplyMoney(minor: Minor, qty: number): Minor {
  assertMinor(minor);
  if (!Number.isSafeInteger(qty)) throw new RangeError('Quantity must be an integer');
  return toSafeMinor(BigInt(minor) * BigInt(qty));
}

/** An amount times a decimal factor in the same currency, rounded half-up to a minor unit. */
export function multiplyByRate(minor: Minor, rate: DecimalInput): Minor {
  assertMinor(minor);
  const r = parseDecimal(rate, 'rate');
  return toSafeMinor(divideHalfUp(BigInt(minor) * r.units, pow10(r.scale)));
}

/** `percent` % of an amount ('12.5' → 12.5 %), rounded half-up to a minor unit. */
export function percentOf(minor: Minor, percent: DecimalInput): Minor {
  assertMinor(minor);
  const p = parseDecimal(percent, 'percentage');
  return toSafeMinor(divideHalfUp(BigInt(minor) * p.units, 100n * pow10(p.scale)));
}

/**
 * The currency's smallest payable step in minor units: 1 normally, 5 for CHF (rounding 0.05 at 2 digits).
 * A rounding that is not a whole number of minor units is a broken currency row and throws.
 */
export function roundingIncrement(currency: CurrencyRules): bigint {
  assertDigits(currency.decimalDigits);
  const r = parseDecimal(currency.rounding, 'currency rounding');
  if (r.units < 0n) throw new RangeError('Currency rounding must not be negative');
  if (r.units === 0n) return 1n;
  const scaled = r.units * pow10(currency.decimalDigits);
  const divisor = pow10(r.scale);
  if (scaled % divisor !== 0n) throw new RangeError('Currency rounding is finer than its decimal digits');
  return scaled / divisor;
}

/** Rounds an amount half-up to the currency's cash step (CHF: to 0.05); identity when rounding is 0. */
export function cashRound(minor: Minor, currency: CurrencyRules): Minor {
  assertMinor(minor);
  const inc = roundingIncrement(currency);
  return toSafeMinor(divideHalfUp(BigInt(minor), inc) * inc);
}

/**
 * Converts an amount between currencies of any decimal digits (INR 2 → JPY 0 → KWD 3):
 * target = amount × rate, where `rate` is units of the target per one unit of the source, rounded once,
 * half-up, to the target's minor unit or, when it has one, its cash step (CHF 0.05). One rounding, so
 * there is no double-rounding drift.
 */
export function convertMinor(
  minor: Minor,
  rate: DecimalInput,
  from: Pick<CurrencyRules, 'decimalDigits'>,
  to: CurrencyRules,
): Minor {
  assertMinor(minor);
  assertDigits(from.decimalDigits);
  const r = parseDecimal(rate, 'exchange rate');
  if (r.units <= 0n) throw new RangeError('Exchange rate must be positive');
  const inc = roundingIncrement(to);
  const numerator = BigInt(minor) * r.units * pow10(to.decimalDigits);
  const denominator = pow10(from.decimalDigits + r.scale) * inc;
  return toSafeMinor(divideHalfUp(numerator, denominator) * inc);
}

/**
 * 1 / rate as an exact decimal string rounded half-up to `decimals` places: turns rate[INR] of a display
 * currency's table (INR per display unit, 83.5) into display units per INR ('0.0119760479'). 10 places
 * match the order's stored `exchangeRate` (NUMERIC(20,10)).
 */
export function invertRate(rate: DecimalInput, decimals = 10): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_EXPONENT) {
    throw new RangeError('decimals out of range');
  }
  const r = parseDecimal(rate, 'exchange rate');
  if (r.units <= 0n) throw new RangeError('Exchange rate must be positive');
  // 1 / (u / 10^s) = 10^s / u; scaled by 10^decimals.
  const inverse = divideHalfUp(pow10(r.scale + decimals), r.units);
  if (inverse === 0n) throw new RangeError('Exchange rate is too large to invert at this precision');
  return decimalToString({ units: inverse, scale: decimals });
}

export type MoneyFormatCurrency = { code: string; decimalDigits: number; rounding?: DecimalInput };

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Display text for an amount (docs/product/pricing-and-tax.md: symbol, thousands separators, the currency's decimals):
 * 12345650 INR → '₹1,23,456.50' in en-IN (the default), '₹123,456.50' in en. The exact decimal string is
 * handed to Intl, so even amounts beyond 15 significant digits print exactly. It never rounds: amounts
 * are already rounded (cash rounding included) by the functions that made them.
 */
export function formatMoney(
  minor: Minor,
  currency: MoneyFormatCurrency,
  locale: string = DEFAULT_MONEY_LOCALE,
): string {
  const text = formatDecimal(minor, currency.decimalDigits);
  const key = `${locale}|${currency.code}|${currency.decimalDigits}`;
  let nf = formatters.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.code,
      minimumFractionDigits: currency.decimalDigits,
      maximumFractionDigits: currency.decimalDigits,
    });
    formatters.set(key, nf);
  }
  return nf.format(text as Intl.StringNumericLiteral);
}
