import { CURRENCIES, currencyByCode } from '#shared/currencies.ts';
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
 * The header's currency picker: common currencies first, then every other one of the table. Its accessible
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
  return (
    <div className={`d-flex align-items-center gap-2 my-2 my-xl-0 ${className}`}>
      <select
        className="form-select form-select-sm"
        style={{ width: '7.5rem' }}
        aria-label={t('common.header.currency')}
        value={selected}
        onChange={(event) => setCurrency(event.target.value)}
      >
        <optgroup label={t('common.header.commonCurrencies')}>
          {common.map((c) => (
            <option key={c.code} value={c.code}>
              {c.symbol === c.code ? c.code : `${c.code} (${c.symbol})`}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('common.header.allCurrencies')}>
          {others.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} – {c.name}
            </option>
          ))}
        </optgroup>
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
