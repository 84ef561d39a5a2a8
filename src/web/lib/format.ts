/** Display formatting shared by every page. Amounts arrive as decimal numbers in major units. */

const moneyFormats = new Map<string, (amount: number) => string>();

function moneyFormatter(code: string): (amount: number) => string {
  try {
    const format = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return (amount) => format.format(amount);
  } catch {
    // An unknown currency code: show the number with the code rather than fail the page.
    const plain = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (amount) => `${code} ${plain.format(amount)}`;
  }
}

/** '₹1,23,456.50': two decimals, thousands separators and the currency symbol (SPEC §9). */
export function formatMoney(amount: number, currency = 'INR'): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = moneyFormatter(code);
    moneyFormats.set(code, format);
  }
  return format(amount);
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
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

/** Back from a link segment: dashes read as spaces (SPEC §2). */
export function fromSlug(slug: string): string {
  return decodeURIComponent(slug).replace(/-/g, ' ');
}

/** Shop names in links keep their case, with hyphens for spaces (SPEC §2 /shop/{shopName}). */
export function shopPath(shopName: string): string {
  return `/shop/${encodeURIComponent(shopName.trim().replace(/\s+/g, '-'))}`;
}
