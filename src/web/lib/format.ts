/** Display formatting shared by every page. Money is formatted by <Price>/<Money> (components/price.tsx). */

// India's calendar, whatever the viewer's (or the rendering server's) time zone, so a server-rendered
// review date is the same day the browser shows (docs/decisions/0126-server-rendering.md).
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '21 Nov 2025' from an ISO 8601 string; '' when missing or invalid. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
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

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/**
 * A calendar date (YYYY-MM-DD, India's calendar on the wire: a promised delivery date, a dashboard day)
 * as 'Mon, 30 Nov'; the day never shifts with the viewer's time zone. '' when missing or invalid.
 */
export function formatDay(date: string | null | undefined): string {
  if (!date) return '';
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? '' : dayFormat.format(at);
}
