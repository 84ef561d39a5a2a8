import { describe, expect, it } from 'vitest';
import { canRecordTransfer, formatDate, isOverdue } from './format.ts';

describe('refund words and rules', () => {
  it('a cash on delivery refund is recorded by hand until paid; an online one only once its provider failed', () => {
    expect(canRecordTransfer({ method: 'CashOnDelivery', state: 'pending' })).toBe(true);
    expect(canRecordTransfer({ method: 'CashOnDelivery', state: 'failed' })).toBe(true);
    expect(canRecordTransfer({ method: 'CashOnDelivery', state: 'processed' })).toBe(false);
    expect(canRecordTransfer({ method: 'RazorPay', state: 'pending' })).toBe(false);
    expect(canRecordTransfer({ method: 'PayPal', state: 'processing' })).toBe(false);
    expect(canRecordTransfer({ method: 'RazorPay', state: 'failed' })).toBe(true);
  });

  it('overdue: past its due date and not refunded', () => {
    const now = Date.parse('2026-12-10T00:00:00Z');
    expect(isOverdue({ state: 'pending', dueBy: '2026-12-09T23:59:59Z' }, now)).toBe(true);
    expect(isOverdue({ state: 'processed', dueBy: '2026-12-09T23:59:59Z' }, now)).toBe(false);
    expect(isOverdue({ state: 'processing', dueBy: '2026-12-10T00:00:01Z' }, now)).toBe(false);
  });

  it("dates are India's calendar days", () => {
    expect(formatDate('2026-12-02T20:00:00Z')).toBe('3 Dec 2026');
    expect(formatDate(null)).toBe('');
  });
});
