import { useEffect, useState } from 'react';
import { CURRENCIES, currencyByCode, type Currency } from '#shared/currencies.ts';
import { useDisplayCurrency } from '../lib/currency/display-currency.tsx';
import { useT } from '../lib/i18n/i18n.tsx';

/** Offered first: the rupee, then the currencies most of Haat's buyers abroad pay in. */
export const COMMON_CURRENCIES = [
  'INR',
  'USD',
  'EUR',
  'GBP',
  'AED',
  'AUD',
  'CAD',
  'SGD',
  'JPY',
  'CHF',
] as const;

const common = COMMON_CURRENCIES.map((code) => currencyByCode(code)!);
const others = CURRENCIES.filter((c) => !(COMMON_CURRENCIES as readonly string[]).includes(c.code));

const commonLabel = (c: Currency) => (c.symbol === c.code ? c.code : `${c.code} (${c.symbol})`);
const otherLabel = (c: Currency) => `${c.code} – ${c.name}`;

/** The label the full list gives a currency: '[code] ([symbol])' among the common ones, else '[code] – [name]'. */
export function currencyOptionLabel(code: string): string {
  const c = currencyByCode(code);
  if (!c) return code;
  return (COMMON_CURRENCIES as readonly string[]).includes(code) ? commonLabel(c) : otherLabel(c);
}

/**
 * The full list waits until the picker is touched, focused or the page has gone quiet: 150 options on
 * every page are work for a phone's first paint that nobody looks at (docs/decisions/0139-storefront-critical-css.md).
 */
function useFullListSoon(): [boolean, () => void] {
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (full) return undefined;
    const show = () => setFull(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(show, 2000);
    return () => window.clearTimeout(id);
  }, [full]);
  return [full, () => setFull(true)];
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};

/** '2026-09-29' → '29 Sept 2026' (English), '29 सित॰ 2026' (`hi-IN`). */
export function formatRatesDate(date: string, locale = 'en-GB'): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : new Intl.DateTimeFormat(locale, DATE_OPTIONS).format(d);
}

/**
 * The header's currency picker: common currencies first, then every other one of the table. The server
 * renders the chosen one only; the list follows (useFullListSoon). Its accessible
 * name is "Display currency", so a page's own "Currency" form field (registration, profile) stays the only
 * thing named exactly that way.
 * When prices use the bundled offline rates, their date is shown beside it (docs/product/currency-and-places.md).
 */
export function CurrencyPicker({ className = '' }: { className?: string }) {
  const t = useT();
  const { selected, setCurrency, snapshot, ratesDate, currency } = useDisplayCurrency();
  const offline = snapshot && ratesDate && currency.code !== 'INR';
  // English keeps its '29 Sept 2026'; another language writes the date its own way.
  const ratesLocale = t.language.code === 'en' ? 'en-GB' : t.language.intl;
  const [full, showFull] = useFullListSoon();
  return (
    <div className={`d-flex align-items-center gap-2 my-2 my-xl-0 ${className}`}>
      <select
        className="form-select form-select-sm"
        style={{ width: '7.5rem' }}
        aria-label={t('common.header.currency')}
        value={selected}
        onChange={(event) => setCurrency(event.target.value)}
        // Before the list opens: a pointer or a key on it, or the focus reaching it.
        onPointerDown={showFull}
        onMouseDown={showFull}
        onTouchStart={showFull}
        onFocus={showFull}
        onKeyDown={showFull}
      >
        {full ? (
          <>
            <optgroup label={t('common.header.commonCurrencies')}>
              {common.map((c) => (
                <option key={c.code} value={c.code}>
                  {commonLabel(c)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('common.header.allCurrencies')}>
              {others.map((c) => (
                <option key={c.code} value={c.code}>
                  {otherLabel(c)}
                </option>
              ))}
            </optgroup>
          </>
        ) : (
          <option value={selected}>{currencyOptionLabel(selected)}</option>
        )}
      </select>
      {offline ? (
        <small className="text-light lh-sm" style={{ fontSize: '0.7rem' }} role="note">
          {t.rich('common.header.offlineRates', {
            br: () => <br />,
            date: formatRatesDate(ratesDate, ratesLocale),
          })}
        </small>
      ) : null}
    </div>
  );
}
