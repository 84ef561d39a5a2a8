import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { currencyByCode } from '#shared/currencies.ts';
import { INR, type CurrencySpec } from '#shared/money.ts';

/**
 * The currency prices are shown in, and how to get there from INR (DECISIONS §8).
 * `rateFromInr` is units of the display currency per 1 INR, as a decimal string (exact).
 *
 * This first version always shows INR; the currency issue fills in the choice (user's currency, the header
 * picker, GEOIP_URL, browser locale, USD) and the rates from GET /api/rates/:code. Pages only use
 * `useDisplayCurrency()` and `<Price>`, so they need no change when it does.
 */
export type DisplayCurrency = {
  currency: CurrencySpec;
  rateFromInr: string;
  /** Date of the rate table in use (ISO date), and whether it is the bundled offline snapshot. */
  ratesDate: string | null;
  snapshot: boolean;
  setCurrency: (code: string) => void;
};

const DisplayCurrencyContext = createContext<DisplayCurrency | null>(null);

export function DisplayCurrencyProvider({ children }: { children: ReactNode }) {
  const value = useMemo<DisplayCurrency>(
    () => ({ currency: INR, rateFromInr: '1', ratesDate: null, snapshot: false, setCurrency: () => {} }),
    [],
  );
  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}

export function useDisplayCurrency(): DisplayCurrency {
  const value = useContext(DisplayCurrencyContext);
  if (!value) throw new Error('useDisplayCurrency needs <DisplayCurrencyProvider>');
  return value;
}

/** The formatting rules of a currency code (INR's when unknown). */
export function currencySpec(code: string): CurrencySpec {
  const c = currencyByCode(code.toUpperCase());
  return c ? { code: c.code, decimalDigits: c.decimalDigits, rounding: c.rounding } : INR;
}
