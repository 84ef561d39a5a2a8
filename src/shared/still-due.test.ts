import { describe, expect, it } from 'vitest';
import type { Shipment } from './schemas/fulfilment.ts';
import type { Order } from './schemas/order.ts';
import { stillDue } from './still-due.ts';

const item = (id: string, discountedPrice: number, qty: number, taxAmount: number) =>
  ({ _id: id, discountedPrice, qty, taxAmount }) as Order['orderItems'][number];
const order = {
  orderItems: [item('a1', 1299, 1, 155.88), item('a2', 100.1, 3, 15.02), item('b1', 799, 1, 39.95)],
} as Order;
const parcel = (state: Shipment['state'], ids: string[], kind: Shipment['kind'] = 'order') =>
  ({ kind, state, lines: ids.map((_id) => ({ _id })) }) as Shipment;

describe('what a cash-on-delivery buyer still pays', () => {
  it('is nothing special while every parcel is coming', () => {
    expect(stillDue(order, [parcel('shipped', ['a1', 'a2']), parcel('placed', ['b1'])], 2)).toBeNull();
  });

  it('leaves out the lines of a cancelled or returned parcel, exactly to the paisa', () => {
    // 1299 + 155.88 + 3 × 100.10 + 15.02
    expect(stillDue(order, [parcel('shipped', ['a1', 'a2']), parcel('cancelled', ['b1'])], 2)).toBe(1770.2);
    expect(stillDue(order, [parcel('returned_to_origin', ['a1', 'a2']), parcel('placed', ['b1'])], 2)).toBe(
      838.95,
    );
  });

  it('ignores exchange parcels', () => {
    expect(stillDue(order, [parcel('cancelled', ['a1'], 'exchange')], 2)).toBeNull();
  });
});
