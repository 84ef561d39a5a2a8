import { isValidPostalCode } from './postal-code.ts';

/**
 * Checkout rules (docs/product/orders-and-checkout.md#checkout-flow "Billing", docs/product/messages.md "Checkout"), pure so the shipping form and `POST /api/orders`
 * apply the same ones.
 */

/**
 * Country names as the places API lists them (`GET /api/places/countries`, from `country-state-city`, with
 * "Hong Kong" and "Macau" as the product calls them) and their ISO2 codes. The package is server-only
 * (17 MB), so the names the address form may send are kept here; a server unit test
 * (src/server/modules/orders/checkout-countries.test.ts) keeps this list and the package in step.
 */
const COUNTRY_NAMES =
  'AF:Afghanistan|AX:Aland Islands|AL:Albania|DZ:Algeria|AS:American Samoa|AD:Andorra|AO:Angola|AI:Anguilla|' +
  'AQ:Antarctica|AG:Antigua And Barbuda|AR:Argentina|AM:Armenia|AW:Aruba|AU:Australia|AT:Austria|' +
  'AZ:Azerbaijan|BH:Bahrain|BD:Bangladesh|BB:Barbados|BY:Belarus|BE:Belgium|BZ:Belize|BJ:Benin|BM:Bermuda|' +
  'BT:Bhutan|BO:Bolivia|BQ:Bonaire, Sint Eustatius and Saba|BA:Bosnia and Herzegovina|BW:Botswana|' +
  'BV:Bouvet Island|BR:Brazil|IO:British Indian Ocean Territory|BN:Brunei|BG:Bulgaria|BF:Burkina Faso|' +
  'BI:Burundi|KH:Cambodia|CM:Cameroon|CA:Canada|CV:Cape Verde|KY:Cayman Islands|CF:Central African Republic|' +
  'TD:Chad|CL:Chile|CN:China|CX:Christmas Island|CC:Cocos (Keeling) Islands|CO:Colombia|KM:Comoros|CG:Congo|' +
  "CK:Cook Islands|CR:Costa Rica|CI:Cote D'Ivoire (Ivory Coast)|HR:Croatia|CU:Cuba|CW:Curaçao|CY:Cyprus|" +
  'CZ:Czech Republic|CD:Democratic Republic of the Congo|DK:Denmark|DJ:Djibouti|DM:Dominica|' +
  'DO:Dominican Republic|TL:East Timor|EC:Ecuador|EG:Egypt|SV:El Salvador|GQ:Equatorial Guinea|ER:Eritrea|' +
  'EE:Estonia|ET:Ethiopia|FK:Falkland Islands|FO:Faroe Islands|FJ:Fiji Islands|FI:Finland|FR:France|' +
  'GF:French Guiana|PF:French Polynesia|TF:French Southern Territories|GA:Gabon|GE:Georgia|DE:Germany|' +
  'GH:Ghana|GI:Gibraltar|GR:Greece|GL:Greenland|GD:Grenada|GP:Guadeloupe|GU:Guam|GT:Guatemala|' +
  'GG:Guernsey and Alderney|GN:Guinea|GW:Guinea-Bissau|GY:Guyana|HT:Haiti|' +
  'HM:Heard Island and McDonald Islands|HN:Honduras|HK:Hong Kong|HU:Hungary|IS:Iceland|IN:India|' +
  'ID:Indonesia|IR:Iran|IQ:Iraq|IE:Ireland|IL:Israel|IT:Italy|JM:Jamaica|JP:Japan|JE:Jersey|JO:Jordan|' +
  'KZ:Kazakhstan|KE:Kenya|KI:Kiribati|XK:Kosovo|KW:Kuwait|KG:Kyrgyzstan|LA:Laos|LV:Latvia|LB:Lebanon|' +
  'LS:Lesotho|LR:Liberia|LY:Libya|LI:Liechtenstein|LT:Lithuania|LU:Luxembourg|MO:Macau|MK:Macedonia|' +
  'MG:Madagascar|MW:Malawi|MY:Malaysia|MV:Maldives|ML:Mali|MT:Malta|IM:Man (Isle of)|MH:Marshall Islands|' +
  'MQ:Martinique|MR:Mauritania|MU:Mauritius|YT:Mayotte|MX:Mexico|FM:Micronesia|MD:Moldova|MC:Monaco|' +
  'MN:Mongolia|ME:Montenegro|MS:Montserrat|MA:Morocco|MZ:Mozambique|MM:Myanmar|NA:Namibia|NR:Nauru|' +
  'NP:Nepal|NL:Netherlands|NC:New Caledonia|NZ:New Zealand|NI:Nicaragua|NE:Niger|NG:Nigeria|NU:Niue|' +
  'NF:Norfolk Island|KP:North Korea|MP:Northern Mariana Islands|NO:Norway|OM:Oman|PK:Pakistan|PW:Palau|' +
  'PS:Palestinian Territory Occupied|PA:Panama|PG:Papua new Guinea|PY:Paraguay|PE:Peru|PH:Philippines|' +
  'PN:Pitcairn Island|PL:Poland|PT:Portugal|PR:Puerto Rico|QA:Qatar|RE:Reunion|RO:Romania|RU:Russia|' +
  'RW:Rwanda|SH:Saint Helena|KN:Saint Kitts And Nevis|LC:Saint Lucia|PM:Saint Pierre and Miquelon|' +
  'VC:Saint Vincent And The Grenadines|BL:Saint-Barthelemy|MF:Saint-Martin (French part)|WS:Samoa|' +
  'SM:San Marino|ST:Sao Tome and Principe|SA:Saudi Arabia|SN:Senegal|RS:Serbia|SC:Seychelles|' +
  'SL:Sierra Leone|SG:Singapore|SX:Sint Maarten (Dutch part)|SK:Slovakia|SI:Slovenia|SB:Solomon Islands|' +
  'SO:Somalia|ZA:South Africa|GS:South Georgia|KR:South Korea|SS:South Sudan|ES:Spain|LK:Sri Lanka|' +
  'SD:Sudan|SR:Suriname|SJ:Svalbard And Jan Mayen Islands|SZ:Swaziland|SE:Sweden|CH:Switzerland|SY:Syria|' +
  'TW:Taiwan|TJ:Tajikistan|TZ:Tanzania|TH:Thailand|BS:The Bahamas|GM:The Gambia|TG:Togo|TK:Tokelau|' +
  'TO:Tonga|TT:Trinidad And Tobago|TN:Tunisia|TR:Turkey|TM:Turkmenistan|TC:Turks And Caicos Islands|' +
  'TV:Tuvalu|UG:Uganda|UA:Ukraine|AE:United Arab Emirates|GB:United Kingdom|US:United States|' +
  'UM:United States Minor Outlying Islands|UY:Uruguay|UZ:Uzbekistan|VU:Vanuatu|' +
  'VA:Vatican City State (Holy See)|VE:Venezuela|VN:Vietnam|VG:Virgin Islands (British)|' +
  'VI:Virgin Islands (US)|WF:Wallis And Futuna Islands|EH:Western Sahara|YE:Yemen|ZM:Zambia|ZW:Zimbabwe|' +
  // The package's own spellings of the two the product renames.
  'HK:Hong Kong S.A.R.|MO:Macau S.A.R.';

const isoByName: ReadonlyMap<string, string> = new Map(
  COUNTRY_NAMES.split('|').map((entry) => [entry.slice(3).toLowerCase(), entry.slice(0, 2)] as const),
);

/** Every country name the address form may send, with its ISO2 code (for tests and pickers). */
export function knownCountryNames(): ReadonlyMap<string, string> {
  return isoByName;
}

/** The ISO2 code of a country name ("India", "india" → "IN"), or undefined for a name we do not know. */
export function countryIsoFromName(name: string): string | undefined {
  return isoByName.get(name.trim().toLowerCase());
}

/**
 * docs/product/messages.md: the country name is first converted to a two-letter code; an unknown name is used as typed,
 * and an unknown code fails. So "India" and "IN" both check against India's PIN pattern, while "Narnia"
 * (no such name, no such code) fails whatever the postal code. Countries without a pattern (Hong Kong,
 * the UAE, …) accept any text of 1–255 characters.
 */
export function isValidAddressPostalCode(country: string, postalCode: string): boolean {
  return isValidPostalCode(countryIsoFromName(country) ?? country.trim(), postalCode);
}

export type AddressFields = {
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};
export type BillingAddressFields = AddressFields & { name: string };

const ADDRESS_KEYS = ['address', 'city', 'state', 'postalCode', 'country'] as const;

/** docs/product/orders-and-checkout.md#checkout-flow: when 'billing same as shipping' is ticked, billing mirrors shipping with the user's name. */
export function billingFromShipping(shipping: AddressFields, userName: string): BillingAddressFields {
  return {
    name: userName,
    address: shipping.address,
    city: shipping.city,
    state: shipping.state,
    postalCode: shipping.postalCode,
    country: shipping.country,
  };
}

/**
 * docs/product/orders-and-checkout.md#checkout-flow: the box starts ticked, and is also ticked when the saved billing address equals the shipping
 * one. Equal means the five address fields match once trimmed, letters compared case-insensitively; the
 * billing name is not part of it (a mirrored billing address carries the user's name).
 */
export function isSameAsShipping(
  billing: Partial<AddressFields> | null | undefined,
  shipping: Partial<AddressFields> | null | undefined,
): boolean {
  if (!billing) return true;
  if (!shipping) return false;
  const norm = (v: string | undefined) => (v ?? '').trim().toLowerCase();
  return ADDRESS_KEYS.every((k) => norm(billing[k]) === norm(shipping[k]));
}

/** The billing address an order stores: the one given, or shipping with the user's name (docs/product/orders-and-checkout.md#checkout-flow). */
export function resolveBillingAddress(
  billing: BillingAddressFields | null | undefined,
  shipping: AddressFields,
  userName: string,
): BillingAddressFields {
  return billing ?? billingFromShipping(shipping, userName);
}

/**
 * How long a RazorPay or PayPal order may wait for its payment before it is cancelled and its stock put
 * back (docs/product/orders-and-checkout.md). Cash on delivery orders never expire.
 */
export const UNPAID_ORDER_LIMIT_MINUTES = 30;
export const UNPAID_ORDER_LIMIT_MS = UNPAID_ORDER_LIMIT_MINUTES * 60_000;

/** What the order page tells the buyer of an unpaid online order. */
export const UNPAID_ORDER_NOTICE = `Orders not paid within ${UNPAID_ORDER_LIMIT_MINUTES} minutes are cancelled.`;

/** Unpaid online orders placed before this instant have had their time: the expiry job cancels them. */
export function unpaidOrderCutoff(now: Date): Date {
  return new Date(now.getTime() - UNPAID_ORDER_LIMIT_MS);
}

/** An unpaid online order placed at `placedAt` is past its time at `now` (strictly more than the limit). */
export function isUnpaidOrderExpired(placedAt: Date, now: Date): boolean {
  return placedAt.getTime() < unpaidOrderCutoff(now).getTime();
}
