/**
 * What an operator typed into the order search (docs/decisions/0115-seller-and-operator-views.md): an order
 * number (HAAT-2026-000123, or its digits: "2026000123", "000123", "123"), a buyer's e-mail, or a buyer's
 * phone (10 digits, optionally with +91 or a leading 0). Pure, so the form explains the same rule the
 * server applies.
 */

export type OrderSearch =
  | { kind: 'orderNumber'; orderNumber: string }
  /** Only the running number was given: any year's order with it. */
  | { kind: 'orderSequence'; suffix: string }
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phone: string };

export const ORDER_SEARCH_HINT = 'Search by order number (HAAT-2026-000123), buyer e-mail or phone';

const ORDER_NUMBER = /^(?:HAAT)?[-\s]?(\d{4})[-\s]?(\d{6})$/i;
const SEQUENCE = /^(?:HAAT-?)?(\d{1,6})$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Indian mobile numbers start with 6 to 9; an order's year starts with 2, so ten digits are never ambiguous. */
function phoneOf(digits: string): string | null {
  let d = digits;
  if (d.length === 12 && d.startsWith('91')) d = d.slice(2);
  else if (d.length === 11 && d.startsWith('0')) d = d.slice(1);
  return /^[6-9]\d{9}$/.test(d) ? d : null;
}

/** The search a term means, or null when it is none of the three (the server answers 400 with the hint). */
export function classifyOrderSearch(raw: string): OrderSearch | null {
  const term = raw.trim();
  if (term === '') return null;
  if (term.includes('@')) return EMAIL.test(term) ? { kind: 'email', email: term.toLowerCase() } : null;

  const full = ORDER_NUMBER.exec(term);
  if (full && full[1]!.startsWith('20'))
    return { kind: 'orderNumber', orderNumber: `HAAT-${full[1]}-${full[2]}` };

  const seq = SEQUENCE.exec(term);
  if (seq) return { kind: 'orderSequence', suffix: seq[1]!.padStart(6, '0') };

  if (/^[+\d\s()-]+$/.test(term)) {
    const phone = phoneOf(term.replace(/\D/g, ''));
    if (phone) return { kind: 'phone', phone };
  }
  return null;
}
