import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  codCountryEligibility,
  codEligibility,
  daysOfZone,
  deliverability,
  deliveryDate,
  formatDeliveryDate,
  isIndia,
  isPincode,
  isWorkingDay,
  kolkataDate,
  zoneOf,
  type CodFacts,
  type PincodeRules,
  type SellerArea,
} from './delivery.ts';

const place = (pincode: string, state: string, district: string) => ({ pincode, state, district });
const jaipur = place('302003', 'Rajasthan', 'Jaipur');

describe('isIndia and isPincode', () => {
  it('knows India by name or code', () => {
    expect(isIndia('India')).toBe(true);
    expect(isIndia(' IN ')).toBe(true);
    expect(isIndia('Nepal')).toBe(false);
  });
  it('takes six digits not starting with 0', () => {
    expect(isPincode('560038')).toBe(true);
    expect(isPincode('056003')).toBe(false);
    expect(isPincode('56003')).toBe(false);
    expect(isPincode('5600381')).toBe(false);
    expect(isPincode('56O038')).toBe(false);
  });
});

describe('zoneOf', () => {
  it('same district is the same city', () => {
    expect(zoneOf(jaipur, place('302017', 'Rajasthan', 'Jaipur'))).toBe('same_city');
  });
  it('another district of the state is the same state', () => {
    expect(zoneOf(jaipur, place('342001', 'Rajasthan', 'Jodhpur'))).toBe('same_state');
  });
  it('another ordinary state is other state', () => {
    expect(zoneOf(jaipur, place('560038', 'Karnataka', 'Bengaluru'))).toBe('other_state');
  });
  it.each([
    ['Assam', '781001'],
    ['Arunachal Pradesh', '791111'],
    ['Manipur', '795001'],
    ['Meghalaya', '793001'],
    ['Mizoram', '796001'],
    ['Nagaland', '797001'],
    ['Sikkim', '737101'],
    ['Tripura', '799001'],
    ['Jammu and Kashmir', '190001'],
    ['Ladakh', '194101'],
    ['Andaman and Nicobar Islands', '744101'],
    ['Lakshadweep', '682555'],
  ])('%s is special from elsewhere, and elsewhere from it', (state, pin) => {
    const there = place(pin, state, 'X');
    expect(zoneOf(jaipur, there)).toBe('special');
    expect(zoneOf(there, jaipur)).toBe('special');
  });
  it('inside one special region the ordinary zones apply', () => {
    expect(zoneOf(place('781001', 'Assam', 'Kamrup'), place('781005', 'Assam', 'Kamrup'))).toBe('same_city');
    expect(zoneOf(place('781001', 'Assam', 'Kamrup'), place('786001', 'Assam', 'Dibrugarh'))).toBe(
      'same_state',
    );
  });
  it('between two special regions it is special', () => {
    expect(zoneOf(place('781001', 'Assam', 'Kamrup'), place('799001', 'Tripura', 'West Tripura'))).toBe(
      'special',
    );
  });
  it('daysOfZone picks the setting', () => {
    const days = { daysSameCity: 1, daysSameState: 2, daysOtherState: 4, daysSpecial: 8 };
    expect(daysOfZone(days, 'same_city')).toBe(1);
    expect(daysOfZone(days, 'same_state')).toBe(2);
    expect(daysOfZone(days, 'other_state')).toBe(4);
    expect(daysOfZone(days, 'special')).toBe(8);
  });
});

describe('working days', () => {
  it('Sundays and fixed national holidays are not working days', () => {
    expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-28')).toBe(true); // Saturday
    expect(isWorkingDay('2027-01-26')).toBe(false);
    expect(isWorkingDay('2026-08-15')).toBe(false);
    expect(isWorkingDay('2026-10-02')).toBe(false);
  });
  it('zero days is the same date', () => {
    expect(addWorkingDays('2026-11-26', 0)).toBe('2026-11-26');
  });
  it('skips a Sunday', () => {
    // Thu 26 Nov + 3 → Fri, Sat, (Sun skipped) Mon 30 Nov
    expect(addWorkingDays('2026-11-26', 3)).toBe('2026-11-30');
    // Sat + 1 → Mon
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30');
  });
  it('crosses a month end and a year end', () => {
    expect(addWorkingDays('2026-11-30', 3)).toBe('2026-12-03');
    // Wed 30 Dec + 4 → Thu 31, Fri 1 Jan, Sat 2, (Sun 3) Mon 4
    expect(addWorkingDays('2026-12-30', 4)).toBe('2027-01-04');
  });
  it('crosses February of a leap year', () => {
    expect(addWorkingDays('2028-02-28', 2)).toBe('2028-03-01');
  });
  it('skips a holiday and the Sunday after it', () => {
    // Fri 14 Aug 2026 + 1 → (Sat 15 Aug holiday) (Sun 16) Mon 17
    expect(addWorkingDays('2026-08-14', 1)).toBe('2026-08-17');
  });
  it('refuses a negative or fractional count', () => {
    expect(() => addWorkingDays('2026-11-26', -1)).toThrow();
    expect(() => addWorkingDays('2026-11-26', 1.5)).toThrow();
  });
  it('takes today in India, not in UTC', () => {
    // 20:00 UTC on 26 Nov is 01:30 on 27 Nov in India.
    expect(kolkataDate(new Date('2026-11-26T20:00:00Z'))).toBe('2026-11-27');
    expect(kolkataDate(new Date('2026-11-26T18:29:00Z'))).toBe('2026-11-26');
  });
  it('deliveryDate adds handling and zone days in working days from today in India', () => {
    // Thu 26 Nov (India) + 1 + 5 = Fri 27, Sat 28, Mon 30, Tue 1, Wed 2, Thu 3 Dec
    expect(deliveryDate(new Date('2026-11-26T06:00:00Z'), 1, 5)).toBe('2026-12-03');
  });
  it('formats the date for people', () => {
    expect(formatDeliveryDate('2026-12-03')).toBe('Thu, 3 Dec');
  });
});

const rules = (over: Partial<PincodeRules> = {}): PincodeRules => ({
  ...place('194101', 'Ladakh', 'Leh'),
  serviceable: true,
  codAllowed: true,
  codLimit: null,
  ...over,
});
const area = (over: Partial<SellerArea> = {}): SellerArea => ({
  states: [],
  excludedPrefixes: [],
  codAllowed: true,
  handlingDays: null,
  ...over,
});

describe('deliverability', () => {
  it('every serviceable pincode, when the seller did not narrow', () => {
    expect(deliverability(rules(), null, 'Kavya Textiles')).toEqual({ ok: true });
    expect(deliverability(rules(), area(), 'Kavya Textiles')).toEqual({ ok: true });
  });
  it('not where the operator does not deliver', () => {
    expect(deliverability(rules({ serviceable: false }), null, 'K')).toEqual({
      ok: false,
      reason: 'We do not deliver to 194101 yet',
    });
  });
  it('only to the states the seller serves', () => {
    expect(deliverability(rules(), area({ states: ['Rajasthan', 'Delhi'] }), 'Kavya Textiles')).toEqual({
      ok: false,
      reason: 'Kavya Textiles does not ship to Ladakh',
    });
    expect(deliverability(rules(), area({ states: ['ladakh'] }), 'K')).toEqual({ ok: true });
  });
  it('not to excluded prefixes, of any length', () => {
    for (const p of ['1', '19', '194', '1941', '19410', '194101'])
      expect(deliverability(rules(), area({ excludedPrefixes: [p] }), 'K')).toEqual({
        ok: false,
        reason: 'K does not ship to 194101',
      });
    expect(deliverability(rules(), area({ excludedPrefixes: ['195', '1942'] }), 'K')).toEqual({ ok: true });
  });
});

describe('codCountryEligibility', () => {
  it('allows cash on delivery to India only, however the country is written', () => {
    for (const c of ['India', ' india ', 'IN', 'IND']) expect(codCountryEligibility(c)).toEqual({ ok: true });
    for (const c of ['United States', 'Nepal', 'UK', ''])
      expect(codCountryEligibility(c)).toEqual({
        ok: false,
        reason: 'Cash on delivery is available for addresses in India only.',
      });
  });
});

describe('codEligibility', () => {
  const facts = (over: Partial<CodFacts> = {}): CodFacts => ({
    pin: rules(),
    sellers: [{ shop: 'Kavya Textiles', area: null }],
    orderValue: 100_000,
    defaultCodLimit: 5_000_000,
    rtoCount: 0,
    maxRtoForCod: null,
    ...over,
  });
  it('allowed by default', () => {
    expect(codEligibility(facts())).toEqual({ ok: true });
  });
  it('refused by the pincode flag', () => {
    expect(codEligibility(facts({ pin: rules({ codAllowed: false }) }))).toEqual({
      ok: false,
      reason: 'Cash on delivery is not available for this pincode',
    });
  });
  it('refused when any seller does not take it', () => {
    const r = codEligibility(
      facts({
        sellers: [
          { shop: 'A', area: area() },
          { shop: 'Meera Handlooms', area: area({ codAllowed: false }) },
        ],
      }),
    );
    expect(r).toEqual({ ok: false, reason: 'Meera Handlooms does not take cash on delivery' });
  });
  it('the order value up to the limit, the pincode limit before the default', () => {
    expect(codEligibility(facts({ orderValue: 5_000_000 }))).toEqual({ ok: true });
    const over = codEligibility(facts({ orderValue: 5_000_001 }));
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.reason).toBe('Cash on delivery is available for orders up to ₹50,000.00');
    const pinLimit = codEligibility(facts({ pin: rules({ codLimit: 200_000 }), orderValue: 200_100 }));
    expect(pinLimit.ok).toBe(false);
    if (!pinLimit.ok) expect(pinLimit.reason).toContain('₹2,000.00');
    expect(codEligibility(facts({ orderValue: null }))).toEqual({ ok: true });
  });
  it('refused at the returned-to-origin limit, never without one', () => {
    expect(codEligibility(facts({ rtoCount: 1, maxRtoForCod: 2 }))).toEqual({ ok: true });
    expect(codEligibility(facts({ rtoCount: 2, maxRtoForCod: 2 })).ok).toBe(false);
    expect(codEligibility(facts({ rtoCount: 9, maxRtoForCod: null }))).toEqual({ ok: true });
  });
});
