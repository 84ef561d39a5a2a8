import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { currencyByCode } from '#shared/currencies.ts';
import { INR, type CurrencySpec } from '#shared/money.ts';
import { currencyForLocale, pickDisplayCurrency, rateFromInrTable } from '#shared/rates.ts';
import { useSession } from '#web/lib/session.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { readUserInfo } from '#web/lib/user-info.ts';
import { countriesQueryOptions } from '#web/lib/countries.ts';
import { geoCurrencyQueryOptions } from './get-geo-currency.ts';
import { ratesQueryOptions } from './get-rates.ts';
import {
  CURRENCY_CHOICE_KEY,
  applicableChoice,
  readChoice,
  saveChoice,
  type CurrencyChoice,
} from './currency-choice.ts';

/**
 * The currency prices are shown in, and how to get there from INR (docs/product/currency-and-places.md).
 * `rateFromInr` is units of the display currency per 1 INR, as a decimal string (exact).
 *
 * The code is the first of: a choice this signed-in person made in the header, their profile currency, a
 * visitor's header choice (signed out), GEOIP_URL's answer, the browser locale's region, USD. The rate
 * comes from the server's INR table (GET /api/rates/INR), the same table orders are priced with; while it
 * loads, or if it cannot be had, prices stay in INR (the catalogue's own currency) rather than guess.
 */
export type DisplayCurrency = {
  /** The currency prices are shown in now (INR until the rate for the chosen one is known). */
  currency: CurrencySpec;
  rateFromInr: string;
  /** Date of the rate table in use (ISO date), and whether it is the bundled offline snapshot. */
  ratesDate: string | null;
  snapshot: boolean;
  setCurrency: (code: string) => void;
  /**
   * The code picked by the rules above (what the header picker shows), even while its rate loads; while
   * the choice itself is still being worked out (geo lookup, locale), INR, the currency prices are shown in.
   */
  selected: string;
  /** True while the choice or the rate is still being worked out. */
  pending: boolean;
};

const DisplayCurrencyContext = createContext<DisplayCurrency | null>(null);

/** Which currency to show, by docs/product/currency-and-places.md's order. */
function useSelectedCurrency() {
  const { user, isPending: sessionPending } = useSession();
  // What the browser stored is read only once hydrated, and nothing is asked of the geo lookup before:
  // the server's HTML (and the first render over it) shows INR prices (ADR 0126).
  const hydrated = useHydrated();
  // While the session check runs, the stored display data says who was signed in (no flicker).
  const info = sessionPending && hydrated ? readUserInfo() : null;
  const userId = user?._id ?? info?._id ?? null;
  const userCurrency = user?.currency ?? info?.currency ?? null;

  const [storedChoice, setChoice] = useState<CurrencyChoice | null>(readChoice);
  const choice = hydrated ? storedChoice : null;
  useEffect(() => {
    // Another tab picked a currency: follow it.
    const onStorage = (event: StorageEvent) => {
      if (event.key === CURRENCY_CHOICE_KEY || event.key === null) setChoice(readChoice());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const { own, visitor } = applicableChoice(choice, userId);
  const known = [own, userCurrency, visitor].find((c) => c && currencyByCode(c.toUpperCase())) ?? null;

  // Only when nothing above decides: ask the server's geo lookup, then the browser locale.
  const geo = useQuery({ ...geoCurrencyQueryOptions(), enabled: !known && hydrated });
  const geoCurrency = geo.data?.currency ?? null;
  const needLocale = !known && geo.isFetched && !geoCurrency;
  const countries = useQuery({ ...countriesQueryOptions(), enabled: needLocale });
  const locale =
    !hydrated || typeof navigator === 'undefined' ? null : (navigator.languages?.[0] ?? navigator.language);
  const localeCurrency = countries.data ? currencyForLocale(locale, countries.data) : null;

  const selected = pickDisplayCurrency([own, userCurrency, visitor, geoCurrency, localeCurrency]);
  const pending = !known && (geo.isPending || (needLocale && countries.isPending));

  const setCurrency = useCallback(
    (code: string) => {
      const c = currencyByCode(code.trim().toUpperCase());
      if (!c) return;
      const next = { code: c.code, userId };
      saveChoice(next);
      setChoice(next);
    },
    [userId],
  );

  return { selected, pending, setCurrency };
}

export function DisplayCurrencyProvider({ children }: { children: ReactNode }) {
  const { selected, pending, setCurrency } = useSelectedCurrency();
  const hydrated = useHydrated();
  // The rates load as soon as a currency other than INR is likely; prices switch only once the choice is
  // settled, so a visitor whose locale turns out to be Indian never sees dollars flash by.
  const rates = useQuery({ ...ratesQueryOptions('INR'), enabled: selected !== 'INR' && hydrated });
  const converting = selected !== 'INR' && !pending;
  const table = rates.data;
  const inrRates = table?.inr as Record<string, number> | undefined;
  const rate = converting && inrRates ? rateFromInrTable(inrRates, selected) : null;

  const value = useMemo<DisplayCurrency>(() => {
    if (!converting || !rate || !table) {
      return {
        currency: INR,
        rateFromInr: '1',
        ratesDate: null,
        snapshot: false,
        setCurrency,
        // Undecided: the picker says what the prices say (INR), not the fallback's USD.
        selected: pending ? INR.code : selected,
        pending: pending || (converting && rates.isPending),
      };
    }
    return {
      currency: currencySpec(selected),
      rateFromInr: rate,
      ratesDate: table.date,
      snapshot: table.snapshot === true,
      setCurrency,
      selected,
      pending,
    };
  }, [converting, rate, table, setCurrency, selected, pending, rates.isPending]);

  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}

/** A fixed display currency, for tests and previews that have no server to ask. */
export function StaticDisplayCurrency({
  children,
  currency = INR,
  rateFromInr = '1',
}: {
  children: ReactNode;
  currency?: CurrencySpec;
  rateFromInr?: string;
}) {
  const value = useMemo<DisplayCurrency>(
    () => ({
      currency,
      rateFromInr,
      ratesDate: null,
      snapshot: false,
      setCurrency: () => {},
      selected: currency.code,
      pending: false,
    }),
    [currency, rateFromInr],
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
