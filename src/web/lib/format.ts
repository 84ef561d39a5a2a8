/** Display formatting shared by every page. Money is formatted by <Price>/<Money> (components/price.tsx). */

// India's calendar, whatever the viewer's (or the rendering server's) time zone, so a server-rendered
// review date is the same day the browser shows (docs/decisions/0126-server-rendering.md). The locale is the
// page language's Intl locale (`t.language.intl`: 'en-IN' → 21 Nov 2025, 'hi-IN' → 21 नव॰ 2025).
const DATE: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
};
const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };

const formats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale and style, made the first time it is needed. */
function formatter(locale: string, style: 'date' | 'dateTime' | 'day'): Intl.DateTimeFormat {
  const key = `${locale}/${style}`;
  let format = formats.get(key);
  if (!format) {
    const options = style === 'date' ? DATE : style === 'dateTime' ? DATE_TIME : DAY;
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** '21 Nov 2025' from an ISO 8601 string; '' when missing or invalid. */
export function formatDate(iso: string | null | undefined, locale = 'en-IN'): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(locale, 'date').format(date);
}

export function formatDateTime(iso: string | null | undefined, locale = 'en-IN'): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(locale, 'dateTime').format(date);
}

/** Category and shop names in links: lowercase, spaces to hyphens ('Women Clothes' → 'women-clothes'). */
export function toSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Back from a link segment: dashes read as spaces (docs/product/screens.md). */
export function fromSlug(slug: string): string {
  return decodeURIComponent(slug).replace(/-/g, ' ');
}

/** Shop names in links keep their case, with hyphens for spaces (docs/product/screens.md /shop/{shopName}). */
export function shopPath(shopName: string): string {
  return `/shop/${encodeURIComponent(shopName.trim().replace(/\s+/g, '-'))}`;
}

/**
 * A calendar date (YYYY-MM-DD, India's calendar on the wire: a promised delivery date, a dashboard day)
 * as 'Mon, 30 Nov'; the day never shifts with the viewer's time zone. '' when missing or invalid.
 */
export function formatDay(date: string | null | undefined, locale = 'en-IN'): string {
  if (!date) return '';
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? '' : formatter(locale, 'day').format(at);
}
