import { divideHalfUp, parseDecimal, toSafeMinor, type Minor } from './money.ts';

/**
 * Indian GST as pure rules (docs/product/gst-and-invoices.md): GSTIN validation (format and check
 * character), the GST state codes, place of supply (same state → CGST + SGST, else IGST) and the split of
 * a line's tax into its components, each rounded half-up on its own. Pricing (src/shared/pricing.ts), the
 * server's orders and the tax documents all split tax here.
 */

/** GST state and union-territory codes, as the first two digits of a GSTIN. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  // 25 (Daman and Diu) was merged into 26 in 2020; GSTINs issued under it stay valid.
  '25': 'Dadra and Nagar Haveli and Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

export const GSTIN_MSG = { invalid: 'Please enter a valid GSTIN.' } as const;

const GSTIN_SHAPE = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of the first 14 characters: each character's value (0–9, A–Z = 10–35) times 1 at
 * odd and 2 at even positions, the quotient and remainder by 36 summed, and the character that brings the
 * sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i] ?? '');
    if (value < 0) throw new RangeError('gstinCheckCharacter: not a GSTIN character');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** A GSTIN as typed: trimmed, upper case, spaces removed. */
export const normalizeGstin = (input: string) => input.replace(/\s+/g, '').toUpperCase();

/** Whether `input` is a GSTIN: a known state code, a PAN, an entity number, 'Z' and the right check character. */
export function isValidGstin(input: string): boolean {
  const gstin = normalizeGstin(input);
  const m = GSTIN_SHAPE.exec(gstin);
  if (!m || !GST_STATE_CODES[m[1]!]) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

const UIN_SHAPE = /^(\d{2})\d{2}[A-Z]{3}\d{5}[A-Z]{2}[0-9A-Z]$/;

/**
 * Whether `input` is a GSTN Unique Identity Number (UN bodies, embassies, e.g. 0717UNO00157UNO): a known
 * state code, two digits, three letters, five digits, two letters and the GSTIN's check character
 * (docs/decisions/0119-gstin-validation.md).
 */
export function isValidUin(input: string): boolean {
  const uin = normalizeGstin(input);
  const m = UIN_SHAPE.exec(uin);
  if (!m || !GST_STATE_CODES[m[1]!]) return false;
  return gstinCheckCharacter(uin.slice(0, 14)) === uin[14];
}

/** The state code a GSTIN was issued in ('27' for Maharashtra), or undefined when it is not valid. */
export function gstinStateCode(input: string): string | undefined {
  const gstin = normalizeGstin(input);
  return isValidGstin(gstin) ? gstin.slice(0, 2) : undefined;
}

/** A state name compared loosely: case, '&' for 'and', punctuation and spaces do not matter. */
const stateKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');

/** The GST state code of a state or union territory by name (the places API's spelling, or close to it). */
export function stateCodeOfName(name: string): string | undefined {
  const key = stateKey(name);
  if (key === '') return undefined;
  // The current code wins where a state has two (Andhra Pradesh 37, the merged UT 26).
  const codes = Object.keys(GST_STATE_CODES).reverse();
  return codes.find((code) => stateKey(GST_STATE_CODES[code]!) === key);
}

/**
 * A supplier's GST state code: the first two digits of its GSTIN when valid, else the state of its
 * registered address (Indian addresses only); undefined when neither says.
 */
export function supplierStateCode(r: {
  gstin: string | null;
  country: string;
  state: string;
}): string | undefined {
  return (
    (r.gstin ? gstinStateCode(r.gstin) : undefined) ??
    (r.country.trim().toLowerCase() === 'india' ? stateCodeOfName(r.state) : undefined)
  );
}

/** The place of supply of an address: its state's code when in India, else undefined (outside India). */
export function placeOfSupplyOf(address: {
  country?: string | null;
  state?: string | null;
}): string | undefined {
  const country = (address.country ?? 'India').trim().toLowerCase();
  return country === 'india' ? stateCodeOfName(address.state ?? '') : undefined;
}

/** The place of supply is the delivery state: same state as the supplier → intra-state (CGST + SGST). */
export function isIntraState(supplierStateCode: string, deliveryStateCode: string): boolean {
  return supplierStateCode === deliveryStateCode;
}

export type GstComponents = { cgst: Minor; sgst: Minor; igst: Minor };

/**
 * The tax on a line's taxable value at `ratePercent`, as its components: within a state, CGST and SGST at
 * half the rate each; across states, IGST at the whole rate. Each component is rounded half-up on its own
 * (so CGST + SGST may differ by a paisa from IGST on the same value).
 */
export function gstComponents(
  taxable: Minor,
  ratePercent: string,
  intraState: boolean,
  /** The currency's cash step in minor units (5 for CHF's 0.05); 1 for INR. */
  step: bigint = 1n,
): GstComponents {
  const rate = parseDecimal(ratePercent, 'GST rate');
  // taxable × rate / 100, with the rate's decimals folded into the divisor, half-up to the step.
  const scale = 10n ** BigInt(rate.scale);
  const at = (divisor: bigint) =>
    toSafeMinor(divideHalfUp(BigInt(taxable) * rate.units, 100n * scale * divisor * step) * step);
  if (intraState) {
    const half = at(2n);
    return { cgst: half, sgst: half, igst: 0 };
  }
  return { cgst: 0, sgst: 0, igst: at(1n) };
}

/** The components' sum: the line's GST. */
export const gstTotal = (c: GstComponents): Minor => c.cgst + c.sgst + c.igst;
