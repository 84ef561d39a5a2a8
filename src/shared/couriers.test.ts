import { describe, expect, it } from 'vitest';
import { COURIERS, COURIER_NAMES, findCourier, trackingUrl, validateTracking } from './couriers.ts';

describe('couriers', () => {
  it('lists the Indian couriers and Other', () => {
    expect(COURIER_NAMES).toEqual([
      'Delhivery',
      'Blue Dart',
      'DTDC',
      'Ecom Express',
      'Xpressbees',
      'Shadowfax',
      'India Post (Speed Post)',
      'Ekart',
      'Other',
    ]);
  });

  it('finds a courier by name or code, whatever the case and spacing', () => {
    expect(findCourier('blue dart')?.code).toBe('bluedart');
    expect(findCourier('BLUEDART')?.code).toBe('bluedart');
    expect(findCourier('Speed Post')?.code).toBe('indiapost');
    expect(findCourier('india post (speed post)')?.code).toBe('indiapost');
    expect(findCourier('Gati')).toBeUndefined();
    expect(findCourier('')).toBeUndefined();
  });

  it("accepts each courier's own example and stores it under the courier's name", () => {
    for (const c of COURIERS) {
      const r = validateTracking(c.code, c.example.toLowerCase());
      expect(r, c.name).toMatchObject({ ok: true, courier: c.name, trackingNumber: c.example });
    }
  });

  it.each([
    ['Delhivery', '123456789'], // too short
    ['Delhivery', 'AB12345678901'], // letters
    ['Blue Dart', '123456789012'], // 12 digits
    ['DTDC', 'DD1234'],
    ['Ecom Express', '12345678'],
    ['Xpressbees', '12345678901'],
    ['Shadowfax', 'SHADOWFAX'], // no digit
    ['India Post (Speed Post)', 'EE123456789US'], // not booked in India
    ['India Post (Speed Post)', 'E123456789IN'],
    ['Ekart', '1234567890'],
  ])('refuses %s number %s', (courier, number) => {
    const r = validateTracking(courier, number);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.field).toBe('trackingNumber');
      expect(r.message).toContain('tracking number');
    }
  });

  it('normalises spaces and case', () => {
    expect(validateTracking('India Post', 'ee 123 456 789 in')).toMatchObject({
      ok: true,
      trackingNumber: 'EE123456789IN',
    });
  });

  it('takes any other courier with 4–40 letters, digits or hyphens, and no link', () => {
    expect(validateTracking('Other', 'abc-123')).toEqual({
      ok: true,
      courier: 'Other',
      trackingNumber: 'ABC-123',
      trackingUrl: null,
    });
    expect(validateTracking('Gati', 'GT1234')).toMatchObject({
      ok: true,
      courier: 'Gati',
      trackingUrl: null,
    });
    expect(validateTracking('Other', 'ab1')).toMatchObject({ ok: false, field: 'trackingNumber' });
    expect(validateTracking('Other', 'a'.repeat(41))).toMatchObject({ ok: false });
    expect(validateTracking('Other', 'AB_12/34')).toMatchObject({ ok: false });
    expect(validateTracking('  ', '1234567890123')).toMatchObject({ ok: false, field: 'courier' });
  });

  it('builds the tracking link of a known courier', () => {
    expect(trackingUrl('Delhivery', '1234567890123')).toBe(
      'https://www.delhivery.com/track/package/1234567890123',
    );
    expect(trackingUrl('Ekart', 'fmpc1234567890')).toBe(
      'https://ekartlogistics.com/shipmenttrack/FMPC1234567890',
    );
    expect(trackingUrl('India Post', 'EE123456789IN')).toMatch(/^https:\/\/www\.indiapost\.gov\.in\//);
    expect(trackingUrl('Other', 'ABCD1234')).toBeNull();
    expect(validateTracking('Blue Dart', '12345678901')).toMatchObject({
      trackingUrl: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901',
    });
  });
});
