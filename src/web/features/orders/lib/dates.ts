/**
 * Moments of the order page, in India's time and words (docs/decisions/0114-buyer-order-page.md): a parcel
 * shipped at 23:30 in Pune was shipped that day, whatever zone the browser is set to. Calendar dates
 * (a promised delivery date, a pickup date) are formatDay's of #web/lib/format.ts.
 */
const IST = 'Asia/Kolkata';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  timeZone: IST,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const DAY: Intl.DateTimeFormatOptions = { timeZone: IST, day: 'numeric', month: 'short', year: 'numeric' };

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale (the page language's, `t.language.intl`) and style. */
function formatter(locale: string, style: 'dateTime' | 'day'): Intl.DateTimeFormat {
  const key = `${locale}/${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, style === 'dateTime' ? DATE_TIME : DAY);
    formats.set(key, format);
  }
  return format;
}
const ymdFormat = new Intl.DateTimeFormat('en-CA', { timeZone: IST });

const valid = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** '26 Nov 2026, 10:03 pm' in India's time; '' when missing or invalid. */
export function istDateTime(iso: string | null | undefined, locale = 'en-IN'): string {
  const d = valid(iso);
  return d ? formatter(locale, 'dateTime').format(d) : '';
}

/** '26 Nov 2026' in India's time. */
export function istDay(iso: string | null | undefined, locale = 'en-IN'): string {
  const d = valid(iso);
  return d ? formatter(locale, 'day').format(d) : '';
}

/** Today's date in India as YYYY-MM-DD, to compare with a promised date. */
export function istToday(now: Date = new Date()): string {
  return ymdFormat.format(now);
}
