import { assertMinor, type Minor } from './money.ts';

/**
 * An INR amount in words, as Indian tax documents print it (CGST Rule 46(i) asks for the total in words):
 * the Indian grouping of thousand, lakh (1,00,000) and crore (1,00,00,000), hyphenated tens ('Twenty-Three'),
 * no 'and' inside a number, then the paise. 1,23,456.78 → 'Rupees One Lakh Twenty-Three Thousand Four
 * Hundred Fifty-Six and Paise Seventy-Eight Only'.
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

/** 0–99. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const ten = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? ten : `${ten}-${ONES[n % 10]!}`;
}

/** 1–999, empty parts left out. */
function belowThousand(n: number): string[] {
  const out: string[] = [];
  if (n >= 100) out.push(`${ONES[Math.floor(n / 100)]!} Hundred`);
  if (n % 100 !== 0) out.push(belowHundred(n % 100));
  return out;
}

/** A whole number in the Indian system; crores above 99 are themselves said in lakhs and thousands. */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('integerInWords: a non-negative whole number');
  if (n === 0) return ONES[0];
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore > 0) parts.push(`${integerInWords(crore)} Crore`);
  const rest = n % 10_000_000;
  const lakh = Math.floor(rest / 100_000);
  const thousand = Math.floor((rest % 100_000) / 1000);
  const below = rest % 1000;
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (below > 0) parts.push(...belowThousand(below));
  return parts.join(' ');
}

/** Paise (integer minor units of INR) in words: 'Rupees … and Paise … Only'; a negative amount is 'Minus …'. */
export function amountInWords(paise: Minor): string {
  assertMinor(paise, 'amount');
  const sign = paise < 0 ? 'Minus ' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const p = abs % 100;
  const words = `${sign}Rupees ${integerInWords(rupees)}`;
  return p === 0 ? `${words} Only` : `${words} and Paise ${belowHundred(p)} Only`;
}
