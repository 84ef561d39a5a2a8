/**
 * Indian mobile numbers as people read them (ADR 0134). Buyers store 10 digits without the country code;
 * sellers may have stored 5 to 15 digits at sign-up, often with the 91 in front (docs/product/
 * roles-and-accounts.md). Nothing here changes what is stored: only how it is shown and typed.
 */

export const INDIA_DIALLING_CODE = '+91';

/**
 * The 10-digit national number of a number stored as 10 digits (a buyer's, by the registration rule), as
 * 91 + 10 digits, or with the trunk 0 in front; null for anything else (too short, or from abroad).
 */
export function indianMobileDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (/^\d{10}$/.test(digits)) return digits;
  if (/^91\d{10}$/.test(digits)) return digits.slice(2);
  if (/^0\d{10}$/.test(digits)) return digits.slice(1);
  return null;
}

/**
 * '+91 98765 43210' for an Indian mobile however it was stored; anything else as stored. `country` is
 * the account's: a number of an account outside India is never given +91.
 */
export function formatPhone(phone: string | null | undefined, country = 'India'): string {
  if (!phone) return '';
  const national = country === 'India' ? indianMobileDigits(phone) : null;
  if (!national) return phone.trim();
  return `${INDIA_DIALLING_CODE} ${national.slice(0, 5)} ${national.slice(5)}`;
}

/** What a +91 phone input shows for a stored number: the 10 digits, without the 91 (else as stored). */
export function phoneInputValue(phone: string | null | undefined): string {
  if (!phone) return '';
  return indianMobileDigits(phone) ?? phone;
}
