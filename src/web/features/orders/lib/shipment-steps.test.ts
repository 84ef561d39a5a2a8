import { describe, expect, it } from 'vitest';
import type { Shipment } from '#shared/schemas/fulfilment.ts';
import { cancelledDetail, shipmentSteps } from './shipment-steps.ts';

const base: Shipment = {
  _id: 's1',
  orderId: 'o1',
  orderNumber: 'HAAT-2026-000001',
  kind: 'order',
  seller: { _id: 'u1', name: 'Kavya', shopName: 'Kavya Textiles' },
  state: 'placed',
  courier: null,
  trackingNumber: null,
  trackingUrl: null,
  expectedDeliveryDate: '2026-12-01',
  pincode: '411004',
  cancelReason: null,
  cancelledBy: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  acceptedAt: null,
  packedAt: null,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  returnedAt: null,
  returnWindowEndsAt: null,
  lines: [],
  events: [],
  actions: [],
};
const at = (h: number) => `2026-11-26T${String(h).padStart(2, '0')}:00:00.000Z`;
const view = (s: Partial<Shipment>) =>
  shipmentSteps({ ...base, ...s }).map((x) => `${x.key}:${x.kind}${x.current ? '*' : ''}`);

describe('shipment timeline steps', () => {
  it('a new parcel: placed now, the rest ahead', () => {
    expect(view({})).toEqual([
      'placed:done*',
      'accepted:ahead',
      'packed:ahead',
      'shipped:ahead',
      'delivered:ahead',
    ]);
  });

  it('shipped: dated steps, tracking on the shipped step, delivery ahead', () => {
    const steps = shipmentSteps({
      ...base,
      state: 'shipped',
      acceptedAt: at(11),
      packedAt: at(12),
      shippedAt: at(13),
      courier: 'Delhivery',
      trackingNumber: '1234567890123',
      trackingUrl: 'https://www.delhivery.com/track/package/1234567890123',
    });
    expect(steps.map((s) => `${s.key}:${s.kind}${s.current ? '*' : ''}`)).toEqual([
      'placed:done',
      'accepted:done',
      'packed:done',
      'shipped:done*',
      'delivered:ahead',
    ]);
    expect(steps[3]!.tracking).toEqual({
      courier: 'Delhivery',
      number: '1234567890123',
      url: 'https://www.delhivery.com/track/package/1234567890123',
    });
    expect(steps[3]!.at).toBe(at(13));
  });

  it('out for delivery appears once the courier said so, after shipped', () => {
    expect(
      view({
        state: 'shipped',
        acceptedAt: at(11),
        packedAt: at(12),
        shippedAt: at(13),
        trackingNumber: 'X1234',
        events: [
          {
            at: at(14),
            subject: 'shipment',
            subjectId: 's1',
            fromState: null,
            toState: 'out_for_delivery',
            actorRole: 'courier',
            note: null,
          },
        ],
      }),
    ).toEqual([
      'placed:done',
      'accepted:done',
      'packed:done',
      'shipped:done',
      'out_for_delivery:done*',
      'delivered:ahead',
    ]);
  });

  it('delivered by the order-level control straight from placed: skipped steps are left out', () => {
    expect(view({ state: 'delivered', deliveredAt: at(15) })).toEqual(['placed:done', 'delivered:done*']);
  });

  it('cancelled by the seller after accepting: no steps ahead, the reason and who', () => {
    const steps = shipmentSteps({
      ...base,
      state: 'cancelled',
      acceptedAt: at(11),
      cancelledAt: at(12),
      cancelledBy: 'seller',
      cancelReason: 'Out of stock',
    });
    expect(steps.map((s) => `${s.key}:${s.kind}${s.current ? '*' : ''}`)).toEqual([
      'placed:done',
      'accepted:done',
      'cancelled:stopped*',
    ]);
    expect(steps[2]!.detail).toBe('Cancelled by the seller: Out of stock');
    expect(steps[2]!.at).toBe(at(12));
  });

  it('returned to seller after shipping', () => {
    expect(
      view({ state: 'returned_to_origin', shippedAt: at(13), trackingNumber: 'X1234', returnedAt: at(20) }),
    ).toEqual(['placed:done', 'shipped:done', 'returned_to_origin:stopped*']);
  });

  it('says who cancelled in words', () => {
    expect(cancelledDetail({ cancelledBy: 'buyer', cancelReason: null })).toBe('Cancelled by you');
    expect(cancelledDetail({ cancelledBy: 'system', cancelReason: 'Not paid in time' })).toBe(
      'Cancelled automatically: Not paid in time',
    );
    expect(cancelledDetail({ cancelledBy: null, cancelReason: null })).toBeUndefined();
  });
});
