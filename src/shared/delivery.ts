import { formatMoney, INR, type Minor } from './money.ts';
import { calendarDateIn } from './i18n/dates.ts';

/**
 * The delivery promise as pure rules (docs/decisions/0113-delivery-promise.md): pincodes, zones, working
 * days, who ships where, and when cash on delivery is offered. The server decides with these; the web
 * shows their words.
 */

/** Whether an address's country is India (the only country with a pincode table). */
export const isIndia = (country: string) => ['india', 'in', 'ind'].includes(country.trim().toLowerCase());

/** An Indian pincode: six digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const isPincode = (value: string) => PINCODE_PATTERN.test(value.trim());

/** A pincode of the shipped table (state names as the places API spells them). */
export type PincodePlace = { pincode: string; state: string; district: string };

export type Zone = 'same_city' | 'same_state' | 'other_state' | 'special';

/**
 * Regions couriers reach slowly from anywhere else: the north-east states, Jammu and Kashmir, Ladakh and
 * the islands. A parcel into or out of one of them (across a state line) is in the 'special' zone.
 */
export const SPECIAL_REGIONS: ReadonlySet<string> = new Set([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Jammu and Kashmir',
  'Ladakh',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
]);

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The zone of a parcel from the seller's pincode to the buyer's: same district, same state, else by region. */
export function zoneOf(from: PincodePlace, to: PincodePlace): Zone {
  if (same(from.state, to.state)) return same(from.district, to.district) ? 'same_city' : 'same_state';
  if (SPECIAL_REGIONS.has(from.state) || SPECIAL_REGIONS.has(to.state)) return 'special';
  return 'other_state';
}

/** The zones' names on the Admin page (SPECIAL_REGIONS_TEXT says what 'Special regions' are). */
export const SPECIAL_REGIONS_TEXT = 'the north-east, Jammu and Kashmir, Ladakh and the islands';
export const ZONE_LABELS: Record<Zone, string> = {
  same_city: 'Same city',
  same_state: 'Same state',
  other_state: 'Other state',
  special: 'Special regions',
};

/** The operator's days per zone (delivery_settings). */
export type ZoneDays = {
  daysSameCity: number;
  daysSameState: number;
  daysOtherState: number;
  daysSpecial: number;
};

export function daysOfZone(days: ZoneDays, zone: Zone): number {
  switch (zone) {
    case 'same_city':
      return days.daysSameCity;
    case 'same_state':
      return days.daysSameState;
    case 'other_state':
      return days.daysOtherState;
    case 'special':
      return days.daysSpecial;
  }
}

/** National holidays on a fixed date (MM-DD): Republic Day, Independence Day, Gandhi Jayanti. */
export const FIXED_HOLIDAYS: ReadonlySet<string> = new Set(['01-26', '08-15', '10-02']);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtcNoon(date: string): Date {
  const m = DAY.exec(date);
  if (!m) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
}
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** The calendar date in India (Asia/Kolkata, UTC+5:30, no daylight saving) at `now`, as YYYY-MM-DD. */
export function kolkataDate(now: Date): string {
  return ymd(new Date(now.getTime() + 330 * 60_000));
}

/** Whether couriers deliver on this date: not a Sunday, not a fixed national holiday. */
export function isWorkingDay(date: string): boolean {
  const d = toUtcNoon(date);
  return d.getUTCDay() !== 0 && !FIXED_HOLIDAYS.has(date.slice(5));
}

/** The date `n` working days after `date` (YYYY-MM-DD, Asia/Kolkata calendar); n = 0 is `date` itself. */
export function addWorkingDays(date: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`Working days must be a whole number ≥ 0: ${n}`);
  const d = toUtcNoon(date);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isWorkingDay(ymd(d))) left -= 1;
  }
  return ymd(d);
}

/** The promised date: today in India plus the seller's handling days and the zone's days, in working days. */
export function deliveryDate(now: Date, handlingDays: number, zoneDays: number): string {
  return addWorkingDays(kolkataDate(now), handlingDays + zoneDays);
}

/** "Thu, 3 Dec" (en-IN), for a YYYY-MM-DD date. */
export function formatDeliveryDate(date: string): string {
  return calendarDateIn('en-IN', date, 'day');
}

/** The operator's flags on one pincode. */
export type PincodeRules = PincodePlace & {
  serviceable: boolean;
  codAllowed: boolean;
  /** Largest COD order in INR minor units; null = the operator's default. */
  codLimit: Minor | null;
};

/** Where a seller ships (seller_delivery_areas); null = everywhere the operator serves. */
export type SellerArea = {
  /** State names served; empty = every state. */
  states: readonly string[];
  /** Pincode prefixes never served. */
  excludedPrefixes: readonly string[];
  codAllowed: boolean;
  handlingDays: number | null;
};

export const DELIVERY_MSG = {
  invalidPincode: 'Please enter a valid 6-digit pincode',
  unknownPincode: (pincode: string) => `We could not find pincode ${pincode}`,
  notServiceable: (pincode: string) => `We do not deliver to ${pincode} yet`,
  sellerState: (shop: string, state: string) => `${shop} does not ship to ${state}`,
  sellerPincode: (shop: string, pincode: string) => `${shop} does not ship to ${pincode}`,
  lineNotDeliverable: (line: string, pincode: string) => `${line} cannot be delivered to ${pincode}.`,
  codIndiaOnly: 'Cash on delivery is available for addresses in India only.',
  codPincode: 'Cash on delivery is not available for this pincode',
  codSeller: (shop: string) => `${shop} does not take cash on delivery`,
  codLimit: (limit: Minor) =>
    `Cash on delivery is available for orders up to ${formatMoney(limit, INR, 'en-IN')}`,
  codRto: 'Cash on delivery is not available on this account because earlier parcels were refused',
  codAvailable: 'Cash on delivery available',
  deliveryBy: (date: string) => `Delivery by ${formatDeliveryDate(date)}`,
  arrivesBy: (date: string) => `Arrives by ${formatDeliveryDate(date)}`,
} as const;

/** A six-digit pincode's prefixes: '744101' → '7', '74', …, '744101'. */
const prefixesOf = (pincode: string) => Array.from({ length: 6 }, (_, i) => pincode.slice(0, i + 1));

/** Whether a seller (its shop name for the words) ships to a pincode; the reason when it does not. */
export function deliverability(
  pin: PincodeRules,
  area: SellerArea | null,
  shop: string,
): { ok: true } | { ok: false; reason: string } {
  if (!pin.serviceable) return { ok: false, reason: DELIVERY_MSG.notServiceable(pin.pincode) };
  if (!area) return { ok: true };
  if (area.states.length > 0 && !area.states.some((s) => same(s, pin.state)))
    return { ok: false, reason: DELIVERY_MSG.sellerState(shop, pin.state) };
  const prefixes = new Set(prefixesOf(pin.pincode));
  if (area.excludedPrefixes.some((p) => prefixes.has(p.trim())))
    return { ok: false, reason: DELIVERY_MSG.sellerPincode(shop, pin.pincode) };
  return { ok: true };
}

/**
 * Cash on delivery is for Indian addresses only: the marketplace ships from India with Indian couriers,
 * who collect cash only at home (docs/decisions/0113-delivery-promise.md). Checked before any other rule.
 */
export function codCountryEligibility(country: string): { ok: true } | { ok: false; reason: string } {
  return isIndia(country) ? { ok: true } : { ok: false, reason: DELIVERY_MSG.codIndiaOnly };
}

export type CodFacts = {
  pin: PincodeRules;
  /** Every seller of the order (or the one product's), with its shop name. */
  sellers: readonly { shop: string; area: SellerArea | null }[];
  /** The order's value in INR minor units; null when not known yet (the product page). */
  orderValue: Minor | null;
  /** The operator's default COD limit (INR minor units). */
  defaultCodLimit: Minor;
  /** The buyer's parcels returned to origin, and the operator's limit (null = none); null when unknown. */
  rtoCount: number | null;
  maxRtoForCod: number | null;
};

/**
 * Whether cash on delivery is offered: the pincode allows it, every seller takes it, the order is within the
 * pincode's limit (or the operator's default), and the buyer has fewer returned-to-origin parcels than the
 * operator's limit. The first reason that fails is given.
 */
export function codEligibility(f: CodFacts): { ok: true } | { ok: false; reason: string } {
  if (!f.pin.codAllowed) return { ok: false, reason: DELIVERY_MSG.codPincode };
  for (const s of f.sellers)
    if (s.area && !s.area.codAllowed) return { ok: false, reason: DELIVERY_MSG.codSeller(s.shop) };
  const limit = f.pin.codLimit ?? f.defaultCodLimit;
  if (f.orderValue !== null && f.orderValue > limit)
    return { ok: false, reason: DELIVERY_MSG.codLimit(limit) };
  if (f.maxRtoForCod !== null && f.rtoCount !== null && f.rtoCount >= f.maxRtoForCod)
    return { ok: false, reason: DELIVERY_MSG.codRto };
  return { ok: true };
}
