import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/messages.ts';
import type { RefundView } from './refunds.repo.ts';
import { renderRefundMail } from './refund-mails.ts';

describe('the refund mail in the recipient language', () => {
  it('the refund mail in both', () => {
    const refund = {
      id: 'r1',
      orderNumber: 'HAAT-2026-000321',
      buyerName: 'Ravi',
      amountMinor: 84000,
      currency: 'INR',
      method: 'RazorPay',
      reference: null,
      reason: 'Cancelled',
    } as unknown as RefundView;
    const en = renderRefundMail(refund, 'http://x/order/o1');
    expect(en.subject).toBe('Refund of ₹840.00 issued for order HAAT-2026-000321');
    expect(en.text).toContain(
      'Hello Ravi, we have refunded ₹840.00 for your order HAAT-2026-000321, to the card, UPI or bank account you paid with through RazorPay.',
    );
    const hi = renderRefundMail(refund, 'http://x/order/o1', translator('hi'));
    expect(hi.subject).toBe('ऑर्डर HAAT-2026-000321 के लिए ₹840.00 का रिफ़ंड जारी किया गया');
    expect(hi.text).toContain('आपका ऑर्डर: http://x/order/o1');
  });
});
