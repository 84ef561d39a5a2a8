/**
 * The couriers Indian sellers hand parcels to, with the shape of their tracking numbers and the page
 * that tracks one (docs/decisions/0109-shipments-per-seller.md). Marking a shipment shipped checks the
 * number here (the form and the server use the same function) and stores the tracking link. The
 * patterns are deliberately a little wider than each courier's usual format: a real number must never
 * be refused, a number of the wrong courier (or a typo of the wrong length) should be.
 */

export type Courier = {
  code: string;
  /** What the seller picks and what the buyer reads. */
  name: string;
  /** The courier's tracking number, already upper-cased and without spaces. */
  pattern: RegExp;
  /** An example the form shows as a hint. */
  example: string;
  /** The tracking page; `{n}` is replaced by the number. Without `{n}`, the courier's tracking page. */
  trackingUrl: string | null;
};

export const OTHER_COURIER = 'Other';

export const COURIERS: readonly Courier[] = [
  {
    code: 'delhivery',
    name: 'Delhivery',
    // Waybills are 13 or 14 digits (older ones 10–12).
    pattern: /^\d{10,14}$/,
    example: '1234567890123',
    trackingUrl: 'https://www.delhivery.com/track/package/{n}',
  },
  {
    code: 'bluedart',
    name: 'Blue Dart',
    // Air waybills: 11 digits (8–11 seen on older labels).
    pattern: /^\d{8,11}$/,
    example: '12345678901',
    trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={n}',
  },
  {
    code: 'dtdc',
    name: 'DTDC',
    // A letter and 8 digits (D12345678, Z12345678), or 9–12 characters with a letter or two in front.
    pattern: /^(?:[A-Z]\d{8}|[A-Z0-9]{1,2}\d{7,10})$/,
    example: 'D12345678',
    trackingUrl: 'https://www.dtdc.in/tracking.asp?strCnno={n}',
  },
  {
    code: 'ecom',
    name: 'Ecom Express',
    // Air waybills: 9–12 digits.
    pattern: /^\d{9,12}$/,
    example: '123456789',
    trackingUrl: 'https://ecomexpress.in/tracking/?awb_field={n}',
  },
  {
    code: 'xpressbees',
    name: 'Xpressbees',
    // Air waybills: 12–16 digits (often 14 or 15).
    pattern: /^\d{12,16}$/,
    example: '14123456789012',
    trackingUrl: 'https://www.xpressbees.com/shipment/tracking?awbNo={n}',
  },
  {
    code: 'shadowfax',
    name: 'Shadowfax',
    // Ids like SF1234567890 or a client's own reference: letters and digits, 8–20.
    pattern: /^(?=.*\d)[A-Z0-9]{8,20}$/,
    example: 'SF1234567890',
    trackingUrl: 'https://tracker.shadowfax.in/#/track/{n}',
  },
  {
    code: 'indiapost',
    name: 'India Post (Speed Post)',
    // The UPU S10 article number: two letters, nine digits, IN (EE123456789IN).
    pattern: /^[A-Z]{2}\d{9}IN$/,
    example: 'EE123456789IN',
    // India Post's tracking page takes the number in its form, not in the address.
    trackingUrl: 'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx',
  },
  {
    code: 'ekart',
    name: 'Ekart',
    // Tracking ids: three to five letters and 8–13 digits (FMPC1234567890, SRTP1234567890).
    pattern: /^[A-Z]{3,5}\d{8,13}$/,
    example: 'FMPC1234567890',
    trackingUrl: 'https://ekartlogistics.com/shipmenttrack/{n}',
  },
];

/** Any other courier: 4–40 letters, digits and hyphens, and no link. */
const OTHER_PATTERN = /^[A-Z0-9-]{4,40}$/;

export const COURIER_NAMES: readonly string[] = [...COURIERS.map((c) => c.name), OTHER_COURIER];

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The known courier named `nameOrCode` ("Blue Dart", "bluedart", "BLUE-DART"); undefined for any other. */
export function findCourier(nameOrCode: string): Courier | undefined {
  const key = squash(nameOrCode);
  if (!key) return undefined;
  return COURIERS.find(
    (c) => c.code === key || squash(c.name) === key || (c.code === 'indiapost' && key === 'speedpost'),
  );
}

/** A tracking number as stored: trimmed, spaces removed, upper case. */
export const normalizeTracking = (number: string) => number.replace(/\s+/g, '').toUpperCase();

export type TrackingCheck =
  | { ok: true; courier: string; trackingNumber: string; trackingUrl: string | null }
  | { ok: false; field: 'courier' | 'trackingNumber'; message: string };

export const TRACKING_MSG = {
  courier: 'Please choose a courier',
  format: (name: string, example: string) => `This is not a ${name} tracking number (like ${example})`,
  other: 'Use 4 to 40 letters, digits or hyphens',
} as const;

/**
 * Checks a courier and tracking number as a seller typed them. A known courier is stored under its own
 * name and its number must have its shape; any other courier name (or 'Other') takes 4–40 letters,
 * digits and hyphens and gets no link.
 */
export function validateTracking(courier: string, number: string): TrackingCheck {
  const name = courier.trim();
  if (!name) return { ok: false, field: 'courier', message: TRACKING_MSG.courier };
  const n = normalizeTracking(number);
  const known = findCourier(name);
  if (known) {
    if (!known.pattern.test(n))
      return { ok: false, field: 'trackingNumber', message: TRACKING_MSG.format(known.name, known.example) };
    return { ok: true, courier: known.name, trackingNumber: n, trackingUrl: trackingUrl(known.name, n) };
  }
  if (!OTHER_PATTERN.test(n)) return { ok: false, field: 'trackingNumber', message: TRACKING_MSG.other };
  return { ok: true, courier: name, trackingNumber: n, trackingUrl: null };
}

/** The page that tracks `number` at `courier`; null for a courier we do not know. */
export function trackingUrl(courier: string, number: string): string | null {
  const known = findCourier(courier);
  if (!known?.trackingUrl) return null;
  return known.trackingUrl.replace('{n}', encodeURIComponent(normalizeTracking(number)));
}
