import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATES, type ShipmentState } from './fulfilment.ts';
import {
  ORDER_PROGRESS_LABELS,
  ORDER_PROGRESS_STATES,
  orderProgress,
  type OrderProgressInput,
} from './order-progress.ts';

const paidOrder = (over: Partial<OrderProgressInput> = {}): OrderProgressInput => ({
  status: 'placed',
  paymentMethod: 'RazorPay',
  isPaid: true,
  isDelivered: false,
  shipments: ['placed'],
  returns: [],
  refunds: [],
  ...over,
});

const stateOf = (over: Partial<OrderProgressInput>) => orderProgress(paidOrder(over)).state;

describe('order progress: how far the parcels have travelled', () => {
  it.each<[ShipmentState[], string]>([
    [['placed'], 'placed'],
    [['placed', 'placed'], 'placed'],
    [['accepted', 'placed'], 'preparing'],
    [['packed'], 'preparing'],
    [['shipped', 'packed'], 'partly_shipped'],
    [['shipped', 'placed'], 'partly_shipped'],
    [['shipped', 'shipped'], 'shipped'],
    [['delivered', 'shipped'], 'partly_delivered'],
    [['delivered', 'placed'], 'partly_delivered'],
    [['delivered'], 'delivered'],
    [['delivered', 'delivered'], 'delivered'],
  ])('%j → %s', (shipments, state) => {
    expect(stateOf({ shipments })).toBe(state);
  });

  it('ignores cancelled parcels for how far the rest travelled, and notes the part cancelled', () => {
    expect(orderProgress(paidOrder({ shipments: ['shipped', 'cancelled'] }))).toEqual({
      state: 'shipped',
      label: 'Shipped',
      note: 'Partly cancelled',
    });
    expect(orderProgress(paidOrder({ shipments: ['delivered', 'returned_to_origin'] }))).toMatchObject({
      state: 'delivered',
      note: 'Part returned to seller',
    });
  });

  it('an order whose every parcel was cancelled is cancelled; all sent back is returned to seller', () => {
    expect(stateOf({ shipments: ['cancelled', 'cancelled'] })).toBe('cancelled');
    expect(stateOf({ shipments: ['returned_to_origin'] })).toBe('returned_to_seller');
    expect(stateOf({ shipments: ['cancelled', 'returned_to_origin'] })).toBe('returned_to_seller');
  });

  it('a cancelled order is cancelled whatever its shipments say, with no partial note', () => {
    expect(orderProgress(paidOrder({ status: 'cancelled', shipments: ['placed', 'cancelled'] }))).toEqual({
      state: 'cancelled',
      label: 'Cancelled',
      note: null,
    });
  });

  it('an order placed before shipments existed follows its delivered flag', () => {
    expect(stateOf({ shipments: [] })).toBe('placed');
    expect(stateOf({ shipments: [], isDelivered: true })).toBe('delivered');
  });
});

describe('order progress: payment', () => {
  it('an unpaid online order awaits its payment; an unpaid cash-on-delivery order does not', () => {
    expect(stateOf({ isPaid: false })).toBe('awaiting_payment');
    expect(stateOf({ isPaid: false, paymentMethod: 'PayPal' })).toBe('awaiting_payment');
    expect(stateOf({ isPaid: false, paymentMethod: 'CashOnDelivery' })).toBe('placed');
    expect(stateOf({ isPaid: false, paymentMethod: 'CashOnDelivery', shipments: ['shipped'] })).toBe(
      'shipped',
    );
  });

  it('an unpaid order that expired is cancelled, not awaiting payment', () => {
    expect(stateOf({ isPaid: false, status: 'cancelled' })).toBe('cancelled');
    expect(stateOf({ isPaid: false, shipments: ['cancelled'] })).toBe('cancelled');
  });
});

describe('order progress: after the sale', () => {
  it('an open return or exchange request comes first while it is handled', () => {
    for (const state of ['requested', 'approved', 'picked_up', 'received'] as const) {
      expect(stateOf({ shipments: ['delivered'], returns: [{ state, kind: 'return' }] })).toBe(
        'return_in_progress',
      );
      expect(stateOf({ shipments: ['delivered'], returns: [{ state, kind: 'exchange' }] })).toBe(
        'exchange_in_progress',
      );
    }
    // One return among exchanges: it is a return being handled.
    expect(
      stateOf({
        shipments: ['delivered'],
        returns: [
          { state: 'requested', kind: 'exchange' },
          { state: 'approved', kind: 'return' },
        ],
      }),
    ).toBe('return_in_progress');
  });

  it('closed requests leave the parcels to speak', () => {
    for (const state of ['rejected', 'cancelled'] as const)
      expect(stateOf({ shipments: ['delivered'], returns: [{ state, kind: 'return' }] })).toBe('delivered');
  });

  it('a refund on its way shows until it is processed, then becomes a note', () => {
    for (const r of ['pending', 'processing', 'failed'] as const)
      expect(stateOf({ shipments: ['delivered'], refunds: [r] })).toBe('refund_in_progress');
    expect(
      orderProgress(
        paidOrder({
          shipments: ['delivered'],
          returns: [{ state: 'refunded', kind: 'return' }],
          refunds: ['processed'],
        }),
      ),
    ).toEqual({ state: 'delivered', label: 'Delivered', note: 'Refunded' });
  });

  it('a cancelled order keeps saying cancelled, with its refund as the note', () => {
    expect(orderProgress(paidOrder({ shipments: ['cancelled'], refunds: ['processing'] }))).toMatchObject({
      state: 'cancelled',
      note: 'Refund in progress',
    });
    expect(orderProgress(paidOrder({ shipments: ['cancelled'], refunds: ['processed'] }))).toMatchObject({
      state: 'cancelled',
      note: 'Refunded',
    });
  });

  it('a two-seller order, one shipped and one cancelled and refunded', () => {
    expect(orderProgress(paidOrder({ shipments: ['shipped', 'cancelled'], refunds: ['processed'] }))).toEqual(
      {
        state: 'shipped',
        label: 'Shipped',
        note: 'Partly cancelled · Refunded',
      },
    );
    expect(
      orderProgress(paidOrder({ shipments: ['shipped', 'cancelled'], refunds: ['processed', 'pending'] })),
    ).toMatchObject({ state: 'refund_in_progress', note: 'Partly cancelled' });
  });

  it('a finished exchange is noted', () => {
    expect(
      orderProgress(
        paidOrder({ shipments: ['delivered'], returns: [{ state: 'exchanged', kind: 'exchange' }] }),
      ),
    ).toMatchObject({ state: 'delivered', note: 'Exchanged' });
  });
});

describe('order progress: words', () => {
  it('every state has a label in words and every shipment combination yields one of them', () => {
    for (const s of ORDER_PROGRESS_STATES) expect(ORDER_PROGRESS_LABELS[s]).toMatch(/^[A-Z][a-z ]+$/);
    for (const a of SHIPMENT_STATES)
      for (const b of SHIPMENT_STATES) {
        const p = orderProgress(paidOrder({ shipments: [a, b] }));
        expect(ORDER_PROGRESS_STATES).toContain(p.state);
        expect(p.label).toBe(ORDER_PROGRESS_LABELS[p.state]);
      }
  });
});
