import {
  decimalToString,
  divideHalfUp,
  parseDecimal,
  toSafeMinor,
  type DecimalInput,
  type Minor,
} from './money.ts';

/**
 * GST (docs/product/pricing-and-tax.md). Garments and made-up textiles (HSN chapters 61, 62, 63) and leather-upper
 * footwear (heading 6403) pay 12 % when the discounted unit price or the line total is above ₹1000, else
 * 5 %; every other line pays its category's rate. Tax per line = qty × discounted unit price × rate / 100,
 * rounded half-up once per line.
 */

/** HSN prefixes that follow the ₹1000 threshold rule instead of the category rate. */
export const THRESHOLD_HSN_PREFIXES = ['61', '62', '63', '6403'] as const;
/** ₹1000.00 in paise: strictly above it is the high rate. */
export const GST_THRESHOLD_INR_MINOR = 100_000;
export const GST_LOW_RATE = '5';
export const GST_HIGH_RATE = '12';

/** A category's HSN code or tax rate: one value or a list whose first entry is used (docs/product/api.md#resources). */
export type MaybeList<T> = T | null | undefined | readonly (T | null | undefined)[];

export function firstEntry<T>(value: MaybeList<T>): T | undefined {
  if (Array.isArray(value)) return (value as readonly (T | null | undefined)[])[0] ?? undefined;
  return (value as T | null | undefined) ?? undefined;
}

/** The HSN code as digits only: first entry, with spaces and dots removed ('6403.99' → '640399'). */
export function normalizeHsn(hsn: MaybeList<string | number>): string {
  const first = firstEntry(hsn);
  return first === undefined ? '' : String(first).replace(/[\s.]/g, '');
}

export function followsThresholdRule(hsn: MaybeList<string | number>): boolean {
  const code = normalizeHsn(hsn);
  return THRESHOLD_HSN_PREFIXES.some((prefix) => code.startsWith(prefix));
}

export type GstRateInput = {
  hsn: MaybeList<string | number>;
  /** The category's GST rate in percent ('18', 18, ['18.00']); only read for non-threshold lines. */
  categoryTax: MaybeList<DecimalInput>;
  /** The discounted unit price in INR paise. */
  unitPriceInrMinor: Minor;
  qty: number;
};

/**
 * The GST rate for a line, as a canonical decimal string of percent ('12', '5', '18', '0.25'): exact, fit
 * for NUMERIC and `Number()`. A missing or invalid category rate throws rather than silently taxing at 0.
 */
export function gstRate(input: GstRateInput): string {
  const { unitPriceInrMinor, qty } = input;
  if (!Number.isSafeInteger(unitPriceInrMinor)) throw new RangeError('unit price must be a safe integer');
  if (!Number.isSafeInteger(qty) || qty < 0) throw new RangeError('qty must be a non-negative integer');
  if (followsThresholdRule(input.hsn)) {
    const threshold = BigInt(GST_THRESHOLD_INR_MINOR);
    const unit = BigInt(unitPriceInrMinor);
    const above = unit > threshold || unit * BigInt(qty) > threshold;
    return above ? GST_HIGH_RATE : GST_LOW_RATE;
  }
  const rate = firstEntry(input.categoryTax);
  if (rate === undefined || rate === '') throw new RangeError('The category has no tax rate');
  const d = parseDecimal(rate, 'tax rate');
  if (d.units < 0n || d.units > 100n * 10n ** BigInt(d.scale)) {
    throw new RangeError('A tax rate must be between 0 and 100');
  }
  return decimalToString(d);
}

export type LineTaxInput = {
  /** The discounted unit price in minor units of any currency; the tax comes out in the same units. */
  unitPriceMinor: Minor;
  qty: number;
  /** Percent, e.g. the result of `gstRate`. */
  rate: DecimalInput;
};

/** qty × unit price × rate / 100, rounded half-up once for the whole line. */
export function lineTax({ unitPriceMinor, qty, rate }: LineTaxInput): Minor {
  if (!Number.isSafeInteger(unitPriceMinor)) throw new RangeError('unit price must be a safe integer');
  if (!Number.isSafeInteger(qty) || qty < 0) throw new RangeError('qty must be a non-negative integer');
  const r = parseDecimal(rate, 'tax rate');
  if (r.units < 0n) throw new RangeError('A tax rate must not be negative');
  const n = BigInt(unitPriceMinor) * BigInt(qty) * r.units;
  return toSafeMinor(divideHalfUp(n, 100n * 10n ** BigInt(r.scale)));
}

/** The rate and the INR tax of a line in one call. */
export function lineGst(input: GstRateInput): { rate: string; tax: Minor } {
  const rate = gstRate(input);
  return { rate, tax: lineTax({ unitPriceMinor: input.unitPriceInrMinor, qty: input.qty, rate }) };
}
