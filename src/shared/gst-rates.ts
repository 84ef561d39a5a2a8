import { decimalToString, parseDecimal, type DecimalInput, type Minor } from './money.ts';
import { firstEntry, normalizeHsn, type MaybeList } from './tax.ts';

/**
 * GST rates as dated data (docs/product/gst-and-invoices.md; docs/decisions/0116-gst-rates-as-dated-data.md).
 * A rule is one price slab of a rate, keyed by an HSN prefix or by a category, in force on the India
 * calendar dates [effectiveFrom, effectiveTo]. The same rules price the cart in the browser and the order
 * on the server.
 */

export type GstSlabBasis = 'piece' | 'piece_or_line';

export type GstRateRule = {
  id?: string;
  /** Digits of an HSN prefix ('61', '6403'); exactly one of hsnPrefix and categoryId is set. */
  hsnPrefix: string | null;
  categoryId: string | null;
  /** Inclusive bounds of the measured price in INR paise; null = no upper bound. */
  fromPaise: number;
  toPaise: number | null;
  /**
   * 'piece': the discounted price of one piece (the law from 22 Sep 2025: splitting a product over lines
   * changes nothing). 'piece_or_line': the larger of the piece and the line total (SPEC's older rule).
   */
  basis: GstSlabBasis;
  /** Percent as a decimal string ('5', '18', '0.25'). */
  rate: string;
  /** YYYY-MM-DD, India calendar, inclusive. */
  effectiveFrom: string;
  effectiveTo: string | null;
  note?: string;
};

/** The rules shipped with Haat (and inserted by migration 0016); the browser's fallback before it has loaded the table. */
export const SHIPPED_GST_RULES: readonly GstRateRule[] = [
  ...(['61', '62', '63', '6403'] as const).flatMap((hsnPrefix): GstRateRule[] => [
    legacy(hsnPrefix, 0, 100_000, '5'),
    legacy(hsnPrefix, 100_001, null, '12'),
  ]),
  ...(['61', '62', '63', '64'] as const).flatMap((hsnPrefix): GstRateRule[] => [
    current(hsnPrefix, 0, 250_000, '5'),
    current(hsnPrefix, 250_001, null, '18'),
  ]),
];

function legacy(hsnPrefix: string, fromPaise: number, toPaise: number | null, rate: string): GstRateRule {
  return {
    hsnPrefix,
    categoryId: null,
    fromPaise,
    toPaise,
    basis: 'piece_or_line',
    rate,
    effectiveFrom: '2017-07-01',
    effectiveTo: '2025-09-21',
  };
}

function current(hsnPrefix: string, fromPaise: number, toPaise: number | null, rate: string): GstRateRule {
  return {
    hsnPrefix,
    categoryId: null,
    fromPaise,
    toPaise,
    basis: 'piece',
    rate,
    effectiveFrom: '2025-09-22',
    effectiveTo: null,
  };
}

/** The India calendar date (Asia/Kolkata, UTC+5:30, no daylight saving) of an instant, as YYYY-MM-DD. */
export function indiaDate(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('indiaDate: not a date');
  return new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
}

/** Whether a rule is in force on an India calendar date. */
export const inForce = (rule: GstRateRule, on: string): boolean =>
  rule.effectiveFrom <= on && (rule.effectiveTo === null || on <= rule.effectiveTo);

export type GstRateQuery = {
  hsn: MaybeList<string | number>;
  categoryId?: string | null;
  /** The category's own rate, used when no dated rule matches. */
  categoryTax: MaybeList<DecimalInput>;
  /** The discounted price of one piece in INR paise (the transaction value). */
  unitPricePaise: Minor;
  qty: number;
  /** When the order is placed (or the cart is previewed). */
  at: Date | number;
};

export type GstRateAnswer = {
  /** Canonical percent string ('5', '18', '12.5'). */
  rate: string;
  /** The rule applied, or 'category' for the category's own rate. */
  source: GstRateRule | 'category';
};

/**
 * The rate of a line: among the rules in force on the India date of `at`, the category's own rules first,
 * else those of the longest HSN prefix the line's HSN starts with; within them, the slab holding the
 * measured price. No matching rule (or no slab holding the price) → the category's rate. A missing or
 * invalid category rate throws rather than silently taxing at 0.
 */
export function gstRateFor(rules: readonly GstRateRule[], q: GstRateQuery): GstRateAnswer {
  if (!Number.isSafeInteger(q.unitPricePaise) || q.unitPricePaise < 0) {
    throw new RangeError('unit price must be a non-negative safe integer');
  }
  if (!Number.isSafeInteger(q.qty) || q.qty < 0) throw new RangeError('qty must be a non-negative integer');
  const on = indiaDate(q.at);
  const live = rules.filter((r) => inForce(r, on));
  const hsn = normalizeHsn(q.hsn);
  let group: GstRateRule[] = q.categoryId ? live.filter((r) => r.categoryId === q.categoryId) : [];
  if (group.length === 0 && hsn !== '') {
    const prefixes = live.filter((r) => r.hsnPrefix !== null && hsn.startsWith(r.hsnPrefix));
    const longest = Math.max(0, ...prefixes.map((r) => r.hsnPrefix!.length));
    group = prefixes.filter((r) => r.hsnPrefix!.length === longest);
  }
  for (const rule of group) {
    const measured =
      rule.basis === 'piece' ? q.unitPricePaise : Math.max(q.unitPricePaise, q.unitPricePaise * q.qty);
    if (measured >= rule.fromPaise && (rule.toPaise === null || measured <= rule.toPaise)) {
      return { rate: canonicalRate(rule.rate), source: rule };
    }
  }
  const rate = firstEntry(q.categoryTax);
  if (rate === undefined || rate === '') throw new RangeError('The category has no tax rate');
  return { rate: canonicalRate(rate), source: 'category' };
}

/** A rate as a canonical decimal string, refused outside 0–100. */
export function canonicalRate(rate: DecimalInput): string {
  const d = parseDecimal(rate, 'tax rate');
  if (d.units < 0n || d.units > 100n * 10n ** BigInt(d.scale)) {
    throw new RangeError('A tax rate must be between 0 and 100');
  }
  return decimalToString(d);
}
