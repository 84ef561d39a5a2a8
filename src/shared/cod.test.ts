import { describe, expect, it } from 'vitest';
import {
  COD_MSG,
  DEFAULT_COD_SETTINGS,
  codAcceptDeadline,
  codAcceptanceOverdue,
  codHoldingRefusal,
  codUnacceptedCutoff,
} from './cod.ts';

const s = DEFAULT_COD_SETTINGS;

describe('codHoldingRefusal', () => {
  it('lets a buyer with nothing open place an order up to the unit limit', () => {
    expect(codHoldingRefusal({ orders: 0, units: 0 }, 1, s)).toBeNull();
    expect(codHoldingRefusal({ orders: 0, units: 0 }, 10, s)).toBeNull();
  });

  it('counts the new order: the third is allowed, the fourth is not', () => {
    expect(codHoldingRefusal({ orders: 2, units: 2 }, 1, s)).toBeNull();
    expect(codHoldingRefusal({ orders: 3, units: 3 }, 1, s)).toBe(
      'You already have 3 unpaid cash-on-delivery orders open. Pay or cancel one first, or pay online.',
    );
  });

  it('refuses when the units together would pass the limit, and allows exactly the limit', () => {
    expect(codHoldingRefusal({ orders: 1, units: 8 }, 2, s)).toBeNull();
    expect(codHoldingRefusal({ orders: 1, units: 8 }, 3, s)).toBe(COD_MSG.tooManyUnits(10, 8));
    expect(COD_MSG.tooManyUnits(10, 8)).toContain('at most 10 items');
  });

  it('says the order itself is too large when nothing is open', () => {
    expect(codHoldingRefusal({ orders: 0, units: 0 }, 11, s)).toBe(
      'A cash-on-delivery order may hold at most 10 items. Order fewer, or pay online.',
    );
  });

  it('uses the operator’s numbers, worded in the singular where they are one', () => {
    const one = { ...s, maxOpenCodOrders: 1, maxOpenCodUnits: 1 };
    expect(codHoldingRefusal({ orders: 1, units: 1 }, 1, one)).toBe(
      'You already have 1 unpaid cash-on-delivery order open. Pay or cancel one first, or pay online.',
    );
    expect(codHoldingRefusal({ orders: 0, units: 0 }, 2, one)).toContain('at most 1 item.');
    // The order limit is checked first.
    expect(codHoldingRefusal({ orders: 3, units: 50 }, 5, s)).toContain('3 unpaid');
  });
});

describe('the acceptance deadline', () => {
  const placed = new Date('2026-11-20T10:00:00Z');

  it('is the placing time plus the hours', () => {
    expect(codAcceptDeadline(placed, 72).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(codAcceptDeadline(placed, 1).toISOString()).toBe('2026-11-20T11:00:00.000Z');
  });

  it('is overdue only after the deadline', () => {
    expect(codAcceptanceOverdue(placed, new Date('2026-11-23T09:59:59Z'), 72)).toBe(false);
    expect(codAcceptanceOverdue(placed, new Date('2026-11-23T10:00:00Z'), 72)).toBe(false);
    expect(codAcceptanceOverdue(placed, new Date('2026-11-23T10:00:01Z'), 72)).toBe(true);
  });

  it('gives the sweep a cut-off consistent with the deadline', () => {
    const now = new Date('2026-11-23T10:00:01Z');
    const cutoff = codUnacceptedCutoff(now, 72);
    expect(placed < cutoff).toBe(codAcceptanceOverdue(placed, now, 72));
    expect(cutoff.toISOString()).toBe('2026-11-20T10:00:01.000Z');
  });
});
