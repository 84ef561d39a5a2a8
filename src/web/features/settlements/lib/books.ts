import { indiaDate } from '#shared/gst-rates.ts';
import { parseMoney, sumMoney, toWireNumber } from '#shared/money.ts';
import type { CommissionRuleWire, CodCashResponse } from '#shared/schemas/settlements.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** Words and small rules of the operator's settlement screens: totals, commission rules, COD cash. */

/** Today on the India calendar (YYYY-MM-DD). */
export const indiaToday = (now: number = Date.now()) => indiaDate(now);
/** Tomorrow on the India calendar: new commission rules start then by default. */
export const indiaTomorrow = (now: number = Date.now()) => indiaDate(now + 86_400_000);

/** '22 Sep 2025' for a YYYY-MM-DD day, in the page language's Intl locale. */
export function formatDay(day: string, locale = 'en-IN'): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Apr 2026' for YYYY-MM (the totals table's first column, short enough for a phone). */
export function shortMonth(month: string, locale = 'en-IN'): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export type RuleStatus = 'in_force' | 'future' | 'ended';
export function ruleStatusLabels(t: Translate): Record<RuleStatus, string> {
  return {
    in_force: t('settlements.ruleStatus.in_force'),
    future: t('settlements.ruleStatus.future'),
    ended: t('settlements.ruleStatus.ended'),
  };
}
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
  t: Translate,
  r: Pick<CommissionRuleWire, 'sellerName' | 'categoryName' | 'productName' | 'productId' | 'sellerId'>,
): string {
  if (r.productId !== null) {
    const product = r.productName ?? t('settlements.scope.unnamedProduct');
    return r.sellerName
      ? t('settlements.scope.productOfSeller', { product, seller: r.sellerName })
      : t('settlements.scope.product', { product });
  }
  if (r.sellerId !== null) {
    const seller = r.sellerName ?? t('settlements.scope.unnamedSeller');
    return r.categoryName
      ? t('settlements.scope.sellerInCategory', { seller, category: r.categoryName })
      : t('settlements.scope.seller', { seller });
  }
  return t('settlements.scope.category', {
    category: r.categoryName ?? t('settlements.scope.unnamedCategory'),
  });
}

/** The exact sum of wire amounts in rupees (added as paise, no float drift). */
export const sumRupees = (amounts: readonly number[]): number =>
  toWireNumber(sumMoney(amounts.map((a) => parseMoney(a))));

export type AgeKey = keyof CodCashResponse['distributors'][number]['ages'];
/** The four ages of uncollected cash, youngest first. */
export const AGE_KEYS: readonly AgeKey[] = ['d0to2', 'd3to7', 'd8to30', 'over30'];

export function ageLabels(t: Translate): Record<AgeKey, string> {
  return {
    d0to2: t('settlements.age.d0to2'),
    d3to7: t('settlements.age.d3to7'),
    d8to30: t('settlements.age.d8to30'),
    over30: t('settlements.age.over30'),
  };
}

/** The oldest age that holds cash, or null when nothing is outstanding. */
export function oldestAge(ages: Record<AgeKey, number>): AgeKey | null {
  for (const key of [...AGE_KEYS].reverse()) if (parseMoney(ages[key]) !== 0) return key;
  return null;
}

/** '1 day', '12 days'. */
export const days = (t: Translate, n: number) => t('settlements.days', { count: n });
