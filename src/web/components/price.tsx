import { useCallback } from 'react';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { convertFromInr } from '#shared/pricing.ts';
import { moneyLocaleFor } from '#shared/rates.ts';
import { currencySpec, useDisplayCurrency } from '#web/lib/currency/display-currency.tsx';

/**
 * A catalogue price (INR on the wire, major units) shown in the visitor's display currency.
 * Every storefront price goes through this, so a currency switch re-prices every page at once.
 */
export function Price({ amount, className }: { amount: number; className?: string }) {
  const text = useFormatInr()(amount);
  return <span className={className}>{text}</span>;
}

/**
 * A formatter for INR amounts in the display currency, for places where a component does not fit:
 * converted once, half-up to the currency's minor unit or cash step (CHF 0.05), then formatted with its
 * symbol, separators and decimals (rupees with Indian grouping, others Western: `moneyLocaleFor`).
 */
export function useFormatInr(): (amount: number) => string {
  const { currency, rateFromInr } = useDisplayCurrency();
  return useCallback(
    (amount: number) =>
      formatMoney(
        convertFromInr(parseMoney(amount, 2), rateFromInr, currency),
        currency,
        moneyLocaleFor(currency.code),
      ),
    [currency, rateFromInr],
  );
}

/**
 * An amount already in a fixed currency (an order's totals are in the currency it was placed in, and stay
 * so whatever the visitor's display currency is).
 */
export function Money({
  amount,
  currency,
  className,
}: {
  amount: number;
  currency: string;
  className?: string;
}) {
  const spec = currencySpec(currency);
  return (
    <span className={className}>
      {formatMoney(parseMoney(amount, spec.decimalDigits), spec, moneyLocaleFor(spec.code))}
    </span>
  );
}
