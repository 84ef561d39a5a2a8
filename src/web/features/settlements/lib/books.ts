import { indiaDate } from '#shared/gst-rates.ts';
import { parseMoney, sumMoney, toWireNumber } from '#shared/money.ts';
import type { CommissionRuleWire, CodCashResponse } from '#shared/schemas/settlements.ts';

/** Words and small rules of the operator's settlement screens: totals, commission rules, COD cash. */

/** Today on the India calendar (YYYY-MM-DD). */
export const indiaToday = (now: number = Date.now()) => indiaDate(now);
/** Tomorrow on the India calendar: new commission rules start then by default. */
export const indiaTomorrow = (now: number = Date.now()) => indiaDate(now + 86_400_000);

/** '22 Sep 2025' for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Apr 2026' for YYYY-MM (the totals table's first column, short enough for a phone). */
export function shortMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-IN', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export type RuleStatus = 'in_force' | 'future' | 'ended';
export const RULE_STATUS_LABELS: Record<RuleStatus, string> = {
  in_force: 'In force',
  future: 'Future',
  ended: 'Ended',
};
/** Badge classes; the status is always in words as well. */
export const RULE_STATUS_BADGES: Record<RuleStatus, string> = {
  in_force: 'text-bg-success',
  future: 'text-bg-info',
  ended: 'text-bg-light border',
};

/** A rule's status on `today`: Future before its first day, Ended after its last, else In force. */
export function ruleStatus(rule: Pick<CommissionRuleWire, 'effectiveFrom' | 'effectiveTo'>, today: string) {
  if (rule.effectiveFrom > today) return 'future' as const;
  if (rule.effectiveTo !== null && rule.effectiveTo < today) return 'ended' as const;
  return 'in_force' as const;
}

/**
 * What a rule covers, in words: 'Product: Silk saree', 'Seller: Kavya Textiles in category Sarees',
 * 'Seller: Kavya Textiles', 'Category: Sarees'.
 */
export function ruleScope(
  r: Pick<CommissionRuleWire, 'sellerName' | 'categoryName' | 'productName' | 'productId' | 'sellerId'>,
): string {
  if (r.productId !== null) {
    const product = `Product: ${r.productName ?? 'unnamed product'}`;
    return r.sellerName ? `${product} (seller ${r.sellerName})` : product;
  }
  if (r.sellerId !== null) {
    const seller = `Seller: ${r.sellerName ?? 'unnamed seller'}`;
    return r.categoryName ? `${seller} in category ${r.categoryName}` : seller;
  }
  return `Category: ${r.categoryName ?? 'unnamed category'}`;
}

/** The exact sum of wire amounts in rupees (added as paise, no float drift). */
export const sumRupees = (amounts: readonly number[]): number =>
  toWireNumber(sumMoney(amounts.map((a) => parseMoney(a))));

export type AgeKey = keyof CodCashResponse['distributors'][number]['ages'];
/** The four ages of uncollected cash, youngest first. */
export const AGE_BUCKETS: readonly { key: AgeKey; label: string }[] = [
  { key: 'd0to2', label: '0–2 days' },
  { key: 'd3to7', label: '3–7 days' },
  { key: 'd8to30', label: '8–30 days' },
  { key: 'over30', label: 'Over 30 days' },
];

/** The oldest age that holds cash, or null when nothing is outstanding. */
export function oldestAge(ages: Record<AgeKey, number>): AgeKey | null {
  for (const { key } of [...AGE_BUCKETS].reverse()) if (parseMoney(ages[key]) !== 0) return key;
  return null;
}

/** '1 day', '12 days'. */
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
