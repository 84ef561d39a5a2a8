/**
 * The cart page's public face. The cart itself (its lines and coupon codes) is app-wide state in
 * #web/lib/cart/, so any page may read it without importing this feature.
 */
export { useCouponDiscounts } from './api/get-coupon.ts';
export { useTaxFacts } from './api/get-tax-facts.ts';
