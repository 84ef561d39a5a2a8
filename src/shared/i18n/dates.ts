/**
 * Calendar dates (YYYY-MM-DD, India's calendar: a delivery date, a statement day) in a language's Intl
 * locale, never shifted by the time zone of whoever formats them. `en-IN` → 'Fri, 27 Nov', '27 Nov 2026',
 * 'Friday, 27 November 2026'; `hi-IN` → 'शुक्र, 27 नव॰', '27 नव॰ 2026'.
 */

const STYLES = {
  day: { weekday: 'short', day: 'numeric', month: 'short' },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type CalendarDateStyle = keyof typeof STYLES;

export function calendarDateIn(locale: string, ymd: string, style: CalendarDateStyle): string {
  return new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone: 'UTC' }).format(
    new Date(`${ymd}T12:00:00Z`),
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '27 Sep 2026': the English form printed documents keep (three-letter months, where en-IN says 'Sept'). */
export function printedDay(ymd: string): string {
  const [y, m, d] = ymd.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1]} ${y}`;
}
