import { NO_SIZE } from './sizes.ts';

/**
 * Size charts (docs/decisions/0106-size-charts.md, docs/product/catalog.md#size-charts): a seller's table of
 * body or garment measurements, one row per size, that any number of their products may point at. Pure
 * rules shared by the server (validation), the seller's chart editor and the product page's dialog.
 */

export const SIZE_CHART_UNITS = ['cm', 'in'] as const;
export type SizeChartUnit = (typeof SIZE_CHART_UNITS)[number];

/** How big a chart may be, and how long its texts (a chart is read on a phone: it must stay small). */
export const SIZE_CHART_LIMITS = {
  name: 60,
  columns: 8,
  column: 24,
  rows: 20,
  size: 12,
  /** The largest measurement, in either unit. */
  maxValue: 999.99,
} as const;

/**
 * A measurement as sellers type it: a number with at most two decimals (`38`, `38.5`) or a range of two
 * (`38-40`, the low end first). Spaces around the dash and an en dash are accepted and tidied away.
 */
const NUMBER = String.raw`\d{1,3}(?:\.\d{1,2})?`;
const MEASUREMENT = new RegExp(`^(${NUMBER})(?:-(${NUMBER}))?$`);

/** The stored spelling of a measurement: trimmed, `38 – 40` as `38-40`; '' stays ''. */
export function normalizeMeasurement(text: string): string {
  return text
    .trim()
    .replace(/\s*[-–—]\s*/g, '-')
    .replace(/^0+(?=\d)/, '')
    .replace(/-0+(?=\d)/, '-');
}

export type Measurement = { low: number; high: number };

/**
 * A measurement in hundredths of its unit (integers, so converting never drifts), or null when the text is
 * not a number or a rising range. `high` equals `low` for a single number.
 */
export function parseMeasurement(text: string): Measurement | null {
  const match = MEASUREMENT.exec(normalizeMeasurement(text));
  if (!match?.[1]) return null;
  const low = hundredths(match[1]);
  const high = match[2] ? hundredths(match[2]) : low;
  if (high <= low && match[2]) return null;
  return { low, high };
}

function hundredths(n: string): number {
  const [whole = '0', frac = ''] = n.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Tenths of a unit as text, without a trailing `.0` (`385` → `38.5`, `380` → `38`). */
function tenthsText(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const frac = tenths % 10;
  return frac === 0 ? String(whole) : `${String(whole)}.${String(frac)}`;
}

/** Hundredths as text, without trailing zeros (`3850` → `38.5`). */
function hundredthsText(h: number): string {
  const whole = Math.floor(h / 100);
  const frac = h % 100;
  if (frac === 0) return String(whole);
  return `${String(whole)}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/** 1 in = 2.54 cm exactly. Converted values are rounded to a tenth, which is as fine as a tape reads. */
function convertHundredths(h: number, from: SizeChartUnit, to: SizeChartUnit): string {
  if (from === to) return hundredthsText(h);
  // cm → in: h / 2.54 hundredths of an inch = h * 10 / 254 tenths; in → cm: h * 2.54 / 10 tenths.
  const tenths = from === 'cm' ? Math.round((h * 10) / 254) : Math.round((h * 254) / 1000);
  return tenthsText(tenths);
}

/**
 * A stored measurement shown in `to` (the dialog's cm/in toggle): numbers converted and rounded to a
 * tenth, a range with an en dash (`38–40`). Text that is not a measurement is shown as it is.
 */
export function displayMeasurement(text: string, from: SizeChartUnit, to: SizeChartUnit): string {
  const m = parseMeasurement(text);
  if (!m) return text;
  const low = convertHundredths(m.low, from, to);
  if (m.high === m.low) return low;
  return `${low}–${convertHundredths(m.high, from, to)}`;
}

/** Sizes compare without case or surrounding spaces (`xl` is the product's `XL`). */
export const sizeKey = (size: string) => size.trim().toUpperCase();

export type SizeCoverage = {
  /** The product's sizes the chart has no row for. */
  missing: string[];
  /** The chart's sizes the product does not offer (harmless: one chart serves several products). */
  unused: string[];
};

/**
 * How a chart's rows fit a product's sizes, for the seller's picker to warn about gaps. `N/A` (one size)
 * needs no row. Sizes keep the order they are given in.
 */
export function sizeCoverage(chartSizes: readonly string[], productSizes: readonly string[]): SizeCoverage {
  const offered = productSizes.filter((s) => s.trim() !== '' && sizeKey(s) !== NO_SIZE.toUpperCase());
  const inChart = new Set(chartSizes.map(sizeKey));
  const inProduct = new Set(offered.map(sizeKey));
  return {
    missing: [...new Set(offered.filter((s) => !inChart.has(sizeKey(s))))],
    unused: chartSizes.filter((s) => !inProduct.has(sizeKey(s))),
  };
}

/** The index of the chart row for `size`, or -1 (the dialog highlights the size the buyer picked). */
export function rowIndexOf(rows: readonly { size: string }[], size: string | null | undefined): number {
  if (!size) return -1;
  const key = sizeKey(size);
  return rows.findIndex((r) => sizeKey(r.size) === key);
}

/** The other unit (the toggle's target). */
export const otherUnit = (unit: SizeChartUnit): SizeChartUnit => (unit === 'cm' ? 'in' : 'cm');
